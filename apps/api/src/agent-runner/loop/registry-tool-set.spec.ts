import { StaticToolRegistry } from '../tools/static-tool-registry';
import type { ToolContext, ToolDefinition } from '../tools/tool-registry.port';
import { buildRegistryToolSet } from './registry-tool-set';

const definition = (name: string, description = name): ToolDefinition => ({ name, description, inputSchema: { type: 'object' }, serverName: 'test' });
const context: ToolContext = { workspaceId: 'w', conversationId: 'c', agentMessageId: 'm', userId: null, agentConfigurationId: 'a', toolset: [] };
const hooks = { currentStep: () => 0, started: () => undefined, ended: () => undefined, succeeded: () => undefined, registryFailed: () => undefined };

describe('registry tool set', () => {
  it('keeps tools named like Object.prototype members as own tools, the first of a name winning', () => {
    const names = ['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'lookup'];
    const definitions = [...names.map((name) => definition(name)), definition('toString', 'a second one')];
    const tools = buildRegistryToolSet(definitions, new StaticToolRegistry([]), context, new AbortController().signal, hooks);
    expect(Object.keys(tools)).toEqual(names);
    expect(Object.getPrototypeOf(tools)).toBe(Object.prototype);
    for (const name of names) expect(Object.hasOwn(tools, name)).toBe(true);
    expect(Object.entries(tools).find(([name]) => name === 'toString')?.[1].description).toBe('toString');
  });
});
