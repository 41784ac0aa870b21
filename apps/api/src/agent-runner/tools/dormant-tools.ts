import type { DormantToolset } from '../run/run-contributions';
import type { ToolContext, ToolDefinition } from './tool-registry.port';

/**
 * Marks the tools a run lists that only its dormant toolsets bring (`unlockedBy` their key). The
 * run's context holds every entry, active and dormant, so the model can call a dormant tool in the
 * same run once it is unlocked; which tool came from which entry is learnt by listing the active
 * toolset and each dormant one on their own, through a registry separate from the run's routing
 * (sources that route by agent message are set right again by the run's full listing, made last).
 */
export class DormantTools {
  constructor(
    private readonly dormant: readonly DormantToolset[],
    /** The toolset of the run without its dormant entries. */
    private readonly activeToolset: readonly string[],
    /** Lists tools as the run's sources offer them, without touching the run's call routing. */
    private readonly list: (ctx: ToolContext) => Promise<ToolDefinition[]>,
  ) {}

  /** The toolset a run's context holds: the active entries, then the dormant ones. */
  static toolsetOf(active: readonly string[], dormant: readonly DormantToolset[]): readonly string[] {
    return [...new Set([...active, ...dormant.flatMap((toolset) => toolset.toolset)])];
  }

  /**
   * The key of each tool name only a dormant toolset brings. Sources remember the routes of a
   * run's last listing (by agent message), so the run lists its full toolset after this, never before.
   */
  async keysByName(ctx: ToolContext): Promise<ReadonlyMap<string, string>> {
    const keyOf = new Map<string, string>();
    if (this.dormant.length === 0) return keyOf;
    const [active, ...dormant] = await Promise.all([this.activeToolset, ...this.dormant.map((toolset) => toolset.toolset)].map((toolset) => this.list({ ...ctx, toolset })));
    const activeNames = new Set(active.map((definition) => definition.name));
    dormant.forEach((definitions, index) => {
      for (const { name } of definitions) if (!activeNames.has(name) && !keyOf.has(name)) keyOf.set(name, this.dormant[index].key);
    });
    return keyOf;
  }

  /** `listed` with the tools of `keysByName` marked `unlockedBy` their key. */
  static mark(listed: ToolDefinition[], keysByName: ReadonlyMap<string, string>): ToolDefinition[] {
    if (keysByName.size === 0) return listed;
    return listed.map((definition) => {
      const key = keysByName.get(definition.name);
      return key === undefined ? definition : { ...definition, unlockedBy: key };
    });
  }
}
