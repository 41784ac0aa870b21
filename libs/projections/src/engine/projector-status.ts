import type { ReadStore } from '@app/storage';

/** What the live projector is doing: following the log, or failing on the store and retrying. */
export interface ProjectorState {
  [key: string]: unknown;
  readonly state: 'starting' | 'following' | 'failing';
  readonly lastError: string | null;
  /** ISO time the projector entered this state. */
  readonly since: string;
}

const META_COLLECTION = 'projector_meta';
const STATUS_ID = 'status';

/**
 * Where the live projector publishes its state, so /readyz can tell the truth also when the
 * projector runs in its own process. Written on changes of state only, never per batch.
 */
export class ProjectorStatusBoard {
  constructor(private readonly store: ReadStore) {}

  async publish(state: ProjectorState): Promise<void> {
    await this.store.ensureCollection({ name: META_COLLECTION, indexes: [] });
    await this.store.put(META_COLLECTION, STATUS_ID, state);
  }

  async read(): Promise<ProjectorState | null> {
    return this.store.get<ProjectorState>(META_COLLECTION, STATUS_ID);
  }
}
