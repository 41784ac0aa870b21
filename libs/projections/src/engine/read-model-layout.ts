import type { ReadStore } from '@app/storage';

/** One read model as a generation holds it: its logical name and schema version. */
export interface ReadModelVersion {
  readonly name: string;
  readonly version: number;
}

/** The read models of a generation, by name: what it was built with. */
export type ReadModelLayout = readonly ReadModelVersion[];

/** How the code's layout differs from the one a generation was built with. */
export interface LayoutChange {
  /** Read models the generation does not hold at all. */
  readonly added: readonly string[];
  /** Read models it holds at another version, as `name v1→v2`. */
  readonly bumped: readonly string[];
  /** Read models it holds that the code no longer has. */
  readonly removed: readonly string[];
}

const META_COLLECTION = 'projector_meta';

/** The layout of a set of projections, sorted by name: easier to read in the store. */
export function layoutOf(projections: readonly ReadModelVersion[]): ReadModelLayout {
  return projections.map(({ name, version }) => ({ name, version })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** What `current` changes against `recorded`. */
export function layoutChange(recorded: ReadModelLayout, current: ReadModelLayout): LayoutChange {
  const before = new Map(recorded.map((model) => [model.name, model.version]));
  const now = new Set(current.map((model) => model.name));
  return {
    added: current.filter((model) => !before.has(model.name)).map((model) => model.name),
    bumped: current
      .filter((model) => before.has(model.name) && before.get(model.name) !== model.version)
      .map((model) => `${model.name} v${before.get(model.name)}→v${model.version}`),
    removed: recorded.filter((model) => !now.has(model.name)).map((model) => model.name),
  };
}

/**
 * The layout each generation was built with, beside the generation registry in `projector_meta`.
 * A generation whose layout is not recorded was made before layouts were (or never projected).
 */
export class GenerationLayouts {
  constructor(private readonly store: ReadStore) {}

  async read(generation: number): Promise<ReadModelLayout | null> {
    const doc = await this.store.get<{ readModels: ReadModelLayout }>(META_COLLECTION, idOf(generation));
    return doc?.readModels ?? null;
  }

  async record(generation: number, layout: ReadModelLayout): Promise<void> {
    await this.store.ensureCollection({ name: META_COLLECTION, indexes: [] });
    await this.store.put(META_COLLECTION, idOf(generation), { generation, readModels: layout, recordedAt: new Date().toISOString() });
  }
}

function idOf(generation: number): string {
  return `layout_g${generation}`;
}
