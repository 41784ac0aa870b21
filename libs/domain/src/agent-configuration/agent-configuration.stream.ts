/** Stream of one workspace agent's history. */
export function toAgentConfigurationStreamName(sId: string): string {
  return `agent_configuration-${sId}`;
}

/** Stream of one member's favorite agents. */
export function toAgentFavoritesStreamName(userId: string): string {
  return `agent_favorites-${userId}`;
}
