import { CreateAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { agentConfigurationInput, defaultPictureUrl, isAllowedPictureUrl } from './agent-configuration-input';
import { assistant } from '../../../../../test/support/agent-assistant-body';
import { validate } from '../../../../../test/support/request-validation';

const publicUrl = 'http://localhost:3000';

describe('agent picture URLs a client may set', () => {
  it.each([
    'https://example.com/helper.png',
    'HTTPS://EXAMPLE.COM/a.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,%3Csvg%2F%3E',
    defaultPictureUrl(publicUrl),
    `${publicUrl}/static/systemavatar/dust_avatar_full.png`,
    '/api/w/w0rksp4ce1/files/fil_abc123?action=view',
  ])('accepts %s', (url) => {
    expect(isAllowedPictureUrl(url, publicUrl)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'http://example.com/helper.png',
    'ftp://example.com/a.png',
    'data:text/html,<script>alert(1)</script>',
    'data:image',
    'data:,image/png',
    '//example.com/a.png',
    '/static/droidavatar/Droid_Black_2.jpg',
    'not a url',
    `${publicUrl}.evil.example/static/a.png`,
    `${publicUrl}/api/w/x`,
    '/api/w/w0rksp4ce1/files/fil_abc123',
    '/api/w/w0rksp4ce1/files/fil_abc123?action=download',
    '/api/w/w0rksp4ce1/files/../../x?action=view',
    '/api/w/w0rksp4ce1/files/fil_abc123?action=view&x=1',
  ])('refuses %s', (url) => {
    expect(isAllowedPictureUrl(url, publicUrl)).toBe(false);
  });
});

describe('agentConfigurationInput', () => {
  it('maps to the same configuration input the zod path built', async () => {
    const dto = await validate(CreateAgentConfigurationDto, { assistant: assistant({ actions: [{ mcpServerViewId: 'msv_search' }, 'web_browser'], tags: [{ sId: 'tag_1', name: 'HR' }] }) });
    expect(agentConfigurationInput(dto.assistant, 'https://dust.example')).toMatchObject({
      name: 'helper',
      model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.4, reasoningEffort: null },
      maxStepsPerRun: 6,
      scope: 'visible',
      tags: [{ sId: 'tag_1', name: 'HR' }],
      toolset: ['msv_search', 'web_browser'],
    });
  });
});
