import type { WorkspaceSettings } from '@app/contracts/events/workspace.events';

export type WorkspaceState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active';
      readonly workspaceId: string;
      readonly settings: WorkspaceSettings;
      /** Member user ids by lower-cased email. */
      readonly membersByEmail: ReadonlyMap<string, string>;
      /** Live keys: id → secret hash. */
      readonly keys: ReadonlyMap<string, string>;
      /** Names of the spaces, lower-cased (two spaces may not share a name). */
      readonly spaceNames: ReadonlySet<string>;
    };
