import { RunContributions } from '../run/run-contributions';
import { AgentTools } from './agent-tools';
import type { ToolApprovals } from './approval/tool-approvals';
import type { ToolCallRequest, ToolCallResult, ToolContext, ToolDefinition, ToolRegistry } from './tool-registry.port';
import type { ToolWaits } from './tool-waits';

const schema = { type: 'object' as const, properties: {} };
const signal = new AbortController().signal;

/** A source that, like remote MCP servers, routes a run's calls by the routes of its last listing. */
class LastListingSource implements ToolRegistry {
  private routes = new Set<string>();

  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    const definitions = ctx.toolset.map((entry) => ({ name: `tool_of_${entry}`, description: entry, inputSchema: schema }));
    this.routes = new Set(definitions.map((definition) => definition.name));
    return definitions;
  }

  async callTool(call: ToolCallRequest): Promise<ToolCallResult> {
    const ok = this.routes.has(call.name);
    return { ok, output: [{ type: 'text', text: ok ? 'done' : 'no route' }] };
  }
}

describe('AgentTools.forRun with dormant toolsets', () => {
  it('marks the dormant tools and leaves every tool callable (the full listing is the last one)', async () => {
    const contributions = new RunContributions();
    contributions.register({ contribute: async () => ({ systemSections: [], toolset: [], dormant: [{ key: 'skill:a', toolset: ['msv_a'] }] }) });
    const tools = new AgentTools({} as ToolApprovals, {} as ToolWaits, null as never, { approvalTimeoutMs: 1_000 } as never, contributions);
    tools.register(new LastListingSource());
    const run = await tools.forRun({
      context: { workspaceId: 'w', conversationId: 'c', agentMessageId: 'm', userId: null, agentConfigurationId: 'a' },
      agent: { sId: 'a', toolset: ['msv_own'] } as never,
      skipApproval: true,
      claimed: Promise.resolve(),
      actionIdOf: (callId) => callId,
      recordWait: async () => undefined,
      waitEnded: async () => undefined,
    });

    const listed = await run.listTools(run.context);
    expect(listed.map((definition) => [definition.name, definition.unlockedBy])).toEqual([
      ['tool_of_msv_own', undefined],
      ['tool_of_msv_a', 'skill:a'],
    ]);
    for (const name of ['tool_of_msv_own', 'tool_of_msv_a']) {
      await expect(run.callTool({ callId: name, name, input: {}, step: 0 }, run.context, signal)).resolves.toMatchObject({ ok: true });
    }
  });
});
