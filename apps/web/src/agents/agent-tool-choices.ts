import type { ToolStake, ToolStakeSettings } from '@app/contracts/events/tool-approval.events';

// How the editor's choices of knowledge, tables and tools become toolset entries and stakes, as
// the api's tool sources read them. Pure, for the spec.

/** The toolset entry of a table the agent may query (the api's `query_tables:<dataSourceId>:<tableId>`). */
export function tableToolId(dataSourceId: string, tableId: string): string {
  return `query_tables:${dataSourceId}:${tableId}`;
}

/** The toolset entry of a data source view the agent may search (the api's `data_source_view:<viewId>`). */
export function dataSourceViewToolId(viewId: string): string {
  return `data_source_view:${viewId}`;
}

/** The toolset entry that lets the agent stop mid-run to ask the person a question (the api's `ask_user_question` tool). */
export const ASK_USER_QUESTION_TOOL_ID = 'ask_user_question';

/** The toolset with `toolId` in (at the end, once) or out; the other entries keep their order. */
export function withTool(toolset: readonly string[], toolId: string, chosen: boolean): string[] {
  const others = toolset.filter((entry) => entry !== toolId);
  return chosen ? [...others, toolId] : others;
}

/** Which stakes a server's or a tool's setting is: its own, or '' to leave it to the default (a tool's: its server's). */
export type StakeChoice = ToolStake | '';

/** The stake set for a server (`servers`, by server id) or a tool (`tools`, by tool name), or '' when none is. */
export function stakeOf(stakes: ToolStakeSettings, kind: 'servers' | 'tools', id: string): StakeChoice {
  const own = stakes[kind];
  return own && Object.hasOwn(own, id) ? (own[id] ?? '') : '';
}

/** The stakes with one server's or tool's setting changed; '' removes it. */
export function withStake(stakes: ToolStakeSettings, kind: 'servers' | 'tools', id: string, stake: StakeChoice): ToolStakeSettings {
  const { [id]: _removed, ...rest } = stakes[kind] ?? {};
  return { ...stakes, [kind]: stake === '' ? rest : { ...rest, [id]: stake } };
}
