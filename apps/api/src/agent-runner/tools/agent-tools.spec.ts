import { StaticToolRegistry } from './static-tool-registry';
import type { ToolContext } from './tool-registry.port';
import type { ToolApprovals } from './approval/tool-approvals';
import { AgentTools } from './agent-tools';
import type { ToolWaits } from './tool-waits';

const context: ToolContext = { workspaceId: 'w', conversationId: 'c', agentMessageId: 'm', userId: null, agentConfigurationId: 'a', toolset: [] };
const schema = { type: 'object' as const, properties: {} };
const signal = new AbortController().signal;

/** The entry's sources, without the approvals and waits a run's tools also need. */
function agentTools(): AgentTools {
  return new AgentTools({} as ToolApprovals, {} as ToolWaits, null as never, {} as never, {} as never);
}

describe('AgentTools, the tool sources as one registry', () => {
  it('offers the tools of every registered source and routes calls to the one that offered them', async () => {
    const sources = agentTools();
    sources.register(new StaticToolRegistry([{ definition: { name: 'a', description: 'A', inputSchema: schema }, handler: () => 'from first' }]));
    const remove = sources.register(
      new StaticToolRegistry([
        { definition: { name: 'a', description: 'shadowed', inputSchema: schema }, handler: () => 'never' },
        { definition: { name: 'b', description: 'B', inputSchema: schema }, handler: () => 'from second' },
      ]),
    );
    const registry = sources.offered();
    expect((await registry.listTools(context)).map((d) => d.description)).toEqual(['A', 'B']);
    await expect(registry.callTool({ callId: '1', name: 'a', input: {}, step: 0 }, context, signal)).resolves.toMatchObject({
      ok: true,
      output: [{ type: 'text', text: 'from first' }],
    });
    await expect(registry.callTool({ callId: '2', name: 'b', input: {}, step: 0 }, context, signal)).resolves.toMatchObject({
      output: [{ type: 'text', text: 'from second' }],
    });
    await expect(registry.callTool({ callId: '3', name: 'zzz', input: {}, step: 0 }, context, signal)).resolves.toMatchObject({
      ok: false,
      error: { code: 'tool_not_found' },
    });
    remove();
    expect((await sources.offered().listTools(context)).map((d) => d.name)).toEqual(['a']);
  });

  it('offers nothing when no source is registered', async () => {
    await expect(agentTools().offered().listTools(context)).resolves.toEqual([]);
  });
});
