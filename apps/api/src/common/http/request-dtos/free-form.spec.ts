import { CreateAgentConfigurationDto, PatchAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { CreateConversationDto } from '@app/contracts/http/conversation.dto';
import { FREE_FORM_BOUNDS } from '@app/contracts/http/validation/free-form.decorator';
import { EditMessageDto, PostMessageDto } from '@app/contracts/http/message.dto';
import { UpdateWorkspaceSettingsDto } from '@app/contracts/http/workspace-settings.dto';
import { assistant } from '../../../../../../test/support/agent-assistant-body';
import { rejection, validate, type DtoClass } from '../../../../../../test/support/request-validation';

// Free-form values are kept as sent, so each has bounds of its own, tighter than the body's:
// FREE_FORM_BOUNDS (8 levels, 16 KiB) unless the field says otherwise.

const { maxDepth, maxBytes } = FREE_FORM_BOUNDS;
const context = { username: 'ada', timezone: 'UTC' };
const message = (extra: object = {}) => ({ content: 'hi', mentions: [{ configurationId: 'dust' }], context, ...extra });
const tooDeep = `must not nest objects and arrays more than ${maxDepth} levels deep`;

/** An object `levels` deep (itself level 1). */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 1; i < levels; i += 1) value = { d: value };
  return value;
}

const big = (bytes: number) => ({ blob: 'x'.repeat(bytes) });

describe('free-form fields: depth', () => {
  it.each<[string, DtoClass<unknown>, (value: object) => object, string]>([
    ['conversation metadata', CreateConversationDto, (value) => ({ metadata: value }), `${tooDeep} at "metadata"`],
    ['a mention key', CreateConversationDto, (value) => ({ message: message({ mentions: [{ configurationId: 'dust', extra: value }] }) }), `"extra" ${tooDeep} at "message.mentions.0"`],
    ['a mention key of an edit', EditMessageDto, (value) => ({ content: 'x', mentions: [{ type: 'user', userId: 'u1', x: value }] }), `"x" ${tooDeep} at "mentions.0"`],
    ['a context key', PostMessageDto, (value) => message({ context: { ...context, future: value } }), `"future" ${tooDeep} at "context"`],
    ['modelSelection', PostMessageDto, (value) => message({ modelSelection: value }), `${tooDeep} at "modelSelection"`],
    ['agenticMessageData', PostMessageDto, (value) => message({ agenticMessageData: value }), `${tooDeep} at "agenticMessageData"`],
    ['a fragment key', CreateConversationDto, (value) => ({ contentFragment: { title: 't', content: 'c', contentType: 'text/plain', x: value } }), `"x" ${tooDeep} at "contentFragment"`],
    ['a fragment context key', CreateConversationDto, (value) => ({ contentFragments: [{ title: 't', fileId: 'f', context: { x: value } }] }), `"x" ${tooDeep} at "contentFragments.0.context"`],
    ['workspace metadata', UpdateWorkspaceSettingsDto, (value) => ({ metadata: value }), `${tooDeep} at "metadata"`],
    ['an assistant key', CreateAgentConfigurationDto, (value) => ({ assistant: assistant({ x: value }) }), `"x" ${tooDeep} at "assistant"`],
    ['a model key', CreateAgentConfigurationDto, (value) => ({ assistant: assistant({ model: { providerId: 'p', modelId: 'm', temperature: 0, x: value } }) }), `"x" ${tooDeep} at "assistant.model"`],
    ['an action object', CreateAgentConfigurationDto, (value) => ({ assistant: assistant({ actions: [{ sId: 'a', x: value }] }) }), `${tooDeep} at "assistant.actions"`],
    ['a tag object', CreateAgentConfigurationDto, (value) => ({ assistant: assistant({ tags: [{ name: 'a', x: value }] }) }), `${tooDeep} at "assistant.tags"`],
    ['a body key of an agent update', PatchAgentConfigurationDto, (value) => ({ userFavorite: true, x: value }), `"x" ${tooDeep}`],
  ])('%s: takes the bound, refuses one level more, naming the field', async (_label, dto, body, expected) => {
    // A bounded value is level 1 itself; an action or a tag object is that value, so its key is one level down.
    const levels = /actions|tags/.test(expected) ? maxDepth - 1 : maxDepth;
    await expect(validate(dto, body(nested(levels)))).resolves.toBeDefined();
    expect(await rejection(dto, body(nested(levels + 1)))).toBe(`Invalid request body: ${expected}`);
  });
});

describe('free-form fields: size', () => {
  it('bounds conversation metadata, a mention and a model selection at 16 KiB of JSON', async () => {
    const header = '{"blob":""}'.length;
    await expect(validate(CreateConversationDto, { metadata: big(maxBytes - header) })).resolves.toBeDefined();
    expect(await rejection(CreateConversationDto, { metadata: big(maxBytes - header + 1) })).toBe('Invalid request body: must be at most 16 KiB of JSON at "metadata"');
    expect(await rejection(PostMessageDto, message({ modelSelection: big(maxBytes) }))).toBe('Invalid request body: must be at most 16 KiB of JSON at "modelSelection"');
    expect(await rejection(PostMessageDto, message({ mentions: [{ configurationId: 'dust', a: 'x'.repeat(maxBytes / 2), b: 'x'.repeat(maxBytes / 2) }] }))).toBe(
      'Invalid request body: undocumented keys together must be at most 16 KiB of JSON at "mentions.0"',
    );
  });

  it('counts UTF-8 bytes, not characters', async () => {
    expect(await rejection(CreateConversationDto, { metadata: { text: 'é'.repeat(maxBytes / 2) } })).toContain('must be at most 16 KiB of JSON');
  });

  it('leaves documented fields to their own bounds: a context full of ids is not free-form', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `${i}`.padStart(128, 'x'));
    const dto = await validate(PostMessageDto, message({ context: { ...context, selectedSpaceIds: ids, clientSideMCPServerIds: ids } }));
    expect(dto.context.selectedSpaceIds).toHaveLength(100);
  });

  it('still allows workspace metadata its 64 KiB', async () => {
    await expect(validate(UpdateWorkspaceSettingsDto, { metadata: big(60 * 1024) })).resolves.toBeDefined();
    expect(await rejection(UpdateWorkspaceSettingsDto, { metadata: big(64 * 1024) })).toBe('Invalid request body: must be at most 64 KiB of JSON at "metadata"');
  });

  it('shortens a long key name in the message', async () => {
    const key = 'k'.repeat(10_000);
    const text = await rejection(PostMessageDto, message({ context: { ...context, [key]: nested(maxDepth + 1) } }));
    expect(text.length).toBeLessThan(200);
  });
});
