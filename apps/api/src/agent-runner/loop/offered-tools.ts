import type { ToolCallResult, ToolDefinition } from '../tools/tool-registry.port';

/**
 * Which of a run's tools the model is offered at each step. Every tool is registered with the SDK
 * from the start; one marked `unlockedBy` is held out of the step's `activeTools` (so neither sent
 * to the model nor executed) until a call's result `unlocks` its key, from the next step on.
 */
export class OfferedTools {
  private readonly unlocked = new Set<string>();
  private readonly dormant: boolean;

  constructor(private readonly definitions: readonly ToolDefinition[]) {
    this.dormant = definitions.some((definition) => definition.unlockedBy !== undefined);
  }

  unlock(result: ToolCallResult): void {
    for (const key of result.unlocks ?? []) this.unlocked.add(key);
  }

  /** The names to offer this step; undefined when nothing is held back (the SDK offers every tool). */
  activeTools(): string[] | undefined {
    if (!this.dormant) return undefined;
    return this.definitions
      .filter((definition) => definition.unlockedBy === undefined || this.unlocked.has(definition.unlockedBy))
      .map((definition) => definition.name);
  }
}
