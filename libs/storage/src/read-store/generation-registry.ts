import type { ReadStore } from './read-store.port';

const META_COLLECTION = 'projector_meta';
const META_ID = 'generations';

interface GenerationsDocument {
  [key: string]: unknown;
  readonly active: number;
  readonly highest: number;
}

/**
 * Which generation of read-model collections serves reads. A rebuild fills generation N+1 beside
 * the live one, then switches `active`: readers and the live projector follow the switch.
 */
export class GenerationRegistry {
  constructor(private readonly store: ReadStore) {}

  async init(): Promise<void> {
    await this.store.ensureCollection({ name: META_COLLECTION, indexes: [] });
    if (!(await this.store.get(META_COLLECTION, META_ID))) {
      await this.store.put(META_COLLECTION, META_ID, { active: 1, highest: 1 } satisfies GenerationsDocument);
    }
  }

  async read(): Promise<GenerationsDocument> {
    const doc = await this.store.get<GenerationsDocument>(META_COLLECTION, META_ID);
    return doc ?? { active: 1, highest: 1 };
  }

  async active(): Promise<number> {
    return (await this.read()).active;
  }

  /** Reserves a new generation number for a rebuild. */
  async reserveNext(): Promise<number> {
    const current = await this.read();
    const next = current.highest + 1;
    await this.store.put(META_COLLECTION, META_ID, { ...current, highest: next } satisfies GenerationsDocument);
    return next;
  }

  async activate(generation: number): Promise<void> {
    const current = await this.read();
    await this.store.put(META_COLLECTION, META_ID, { active: generation, highest: Math.max(current.highest, generation) });
  }
}

/** Name of the checkpoint of one generation. */
export function checkpointName(generation: number): string {
  return `projector_g${generation}`;
}
