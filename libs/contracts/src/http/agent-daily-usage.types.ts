import type { AgentUsage } from './agent-configuration.types';

/** One UTC day of an agent's use: its messages, and the conversations and members they answered. */
export type AgentDailyUsage = Omit<AgentUsage, 'timePeriodSec'> & {
  /** The day, `YYYY-MM-DD` (UTC). */
  readonly date: string;
};

/** `GET /api/w/{wId}/assistant/agent_configurations/{sId}/daily_usage`: every day of the window, oldest first, quiet days at 0. */
export interface AgentDailyUsageResponse {
  readonly days: readonly AgentDailyUsage[];
}
