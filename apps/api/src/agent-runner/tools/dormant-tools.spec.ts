import { DormantTools } from './dormant-tools';
import type { ToolContext, ToolDefinition } from './tool-registry.port';

const context: ToolContext = { workspaceId: 'w', conversationId: 'c', agentMessageId: 'm', userId: null, agentConfigurationId: 'a', toolset: [] };
const tool = (name: string): ToolDefinition => ({ name, description: name, inputSchema: { type: 'object', properties: {} } });

/** A source offering one tool per toolset entry, plus one that needs no entry. */
const list = async (ctx: ToolContext): Promise<ToolDefinition[]> => [tool('always'), ...ctx.toolset.map((entry) => tool(`tool_of_${entry}`))];

describe('DormantTools', () => {
  const dormant = [
    { key: 'skill:a', toolset: ['msv_a', 'msv_shared'] },
    { key: 'skill:b', toolset: ['msv_b'] },
  ];

  it('puts the dormant entries after the active ones in the run toolset, once each', () => {
    expect(DormantTools.toolsetOf(['msv_own', 'msv_shared'], dormant)).toEqual(['msv_own', 'msv_shared', 'msv_a', 'msv_b']);
  });

  it('marks the tools only a dormant toolset brings with its key, and leaves the active ones offered', async () => {
    const marker = new DormantTools(dormant, ['msv_own', 'msv_shared'], list);
    const toolset = DormantTools.toolsetOf(['msv_own', 'msv_shared'], dormant);
    const marked = DormantTools.mark(await list({ ...context, toolset }), await marker.keysByName({ ...context, toolset }));
    expect(marked.map((definition) => [definition.name, definition.unlockedBy])).toEqual([
      ['always', undefined],
      ['tool_of_msv_own', undefined],
      ['tool_of_msv_shared', undefined],
      ['tool_of_msv_a', 'skill:a'],
      ['tool_of_msv_b', 'skill:b'],
    ]);
  });

  it('lists nothing more when the run has no dormant toolset', async () => {
    const listing = jest.fn(list);
    const listed = [tool('always')];
    const keys = await new DormantTools([], [], listing).keysByName(context);
    expect(DormantTools.mark(listed, keys)).toBe(listed);
    expect(listing).not.toHaveBeenCalled();
  });
});
