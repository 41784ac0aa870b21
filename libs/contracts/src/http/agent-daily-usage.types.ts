/** One UTC day of an agent's use: its messages, and the conversations and members they answered. */
export interface AgentDailyUsage {
  /** The day, `YYYY-MM-DD` (UTC). */
  readonly date: string;
  readonly messageCount: number;
  readonly conversationCount: number;
  readonly userCount: number;
}

/** `GET /api/w/{wId}/assistant/agent_configurations/{sId}/daily_usage`: every day of the window, oldest first, quiet days at 0. */
export interface AgentDailyUsageResponse {
  readonly days: readonly AgentDailyUsage[];
}
