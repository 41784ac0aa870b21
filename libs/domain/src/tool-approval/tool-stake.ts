import type { ToolStake, ToolStakeSettings } from '@app/contracts/events/tool-approval.events';

export type { ToolStakeSettings };

/** What the stake of a call depends on besides the builder's settings. */
export interface StakedTool {
  readonly name: string;
  readonly serverId?: string | null;
  /**
   * Whether the tool comes from an MCP server (remote or client-side) rather than the service
   * itself. The service's own tools (data source search) only read the workspace: never asked.
   * Unknown: a tool behind a server (`serverId`) is external, so a source that forgets to say so
   * asks rather than runs unchecked.
   */
  readonly external?: boolean;
  /** MCP's `readOnlyHint`: the tool only reads. Unknown counts as writing. */
  readonly readOnly?: boolean;
}

/**
 * Reading is low stake, anything that may write is high, until the builder says otherwise; the
 * service's own tools are `never_ask`.
 */
export const DEFAULT_READ_STAKE: ToolStake = 'low';
export const DEFAULT_WRITE_STAKE: ToolStake = 'high';

export function toolStakeOf(tool: StakedTool, settings: ToolStakeSettings | undefined): ToolStake {
  const own = settings?.tools && Object.hasOwn(settings.tools, tool.name) ? settings.tools[tool.name] : undefined;
  if (own) return own;
  const serverId = tool.serverId ?? null;
  const server = serverId !== null && settings?.servers && Object.hasOwn(settings.servers, serverId) ? settings.servers[serverId] : undefined;
  if (server) return server;
  if (!(tool.external ?? serverId !== null)) return 'never_ask';
  return tool.readOnly === true ? DEFAULT_READ_STAKE : DEFAULT_WRITE_STAKE;
}

/**
 * Whether a call waits for a person. `never_ask` never does; a `low` or `medium` tool the user
 * always approves runs at once; a `high` tool asks every time (a remembered yes does not cover it).
 */
export function needsApproval(stake: ToolStake, alwaysApproved: boolean): boolean {
  if (stake === 'never_ask') return false;
  if (stake === 'high') return true;
  return !alwaysApproved;
}

/** The key under which `always_approved` is remembered for a user: the server and the tool. */
export function toolApprovalKey(tool: StakedTool): string {
  return `${tool.serverId ?? ''}/${tool.name}`;
}
