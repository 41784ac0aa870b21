import type { SignInLinkPurpose } from '@app/contracts/events/user.events';

/** A link not used yet (it may have expired). */
export interface OpenSignInLink {
  readonly linkId: string;
  readonly purpose: SignInLinkPurpose;
  readonly expiresAt: number;
}

export type UserState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active';
      readonly userId: string;
      readonly email: string;
      /** Whether the address is proved to be the owner's. */
      readonly emailVerified: boolean;
      /** Whether a password is set. */
      readonly hasPassword: boolean;
      /** Live sessions: id → secret hash. */
      readonly sessions: ReadonlyMap<string, string>;
      /** Open links by token hash. */
      readonly links: ReadonlyMap<string, OpenSignInLink>;
      /** Live tokens: id → secret hash. */
      readonly tokens: ReadonlyMap<string, string>;
    };
