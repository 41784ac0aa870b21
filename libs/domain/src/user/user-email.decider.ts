import { toUserEmailStreamName, type UserEmailEvent } from '@app/contracts/events/user.events';
import type { Aggregate, Decider } from '../shared/decider';

/** Claims an address for an account; the first claim wins, a repeat by the same account records nothing. */
export type ClaimUserEmail = { readonly type: 'ClaimUserEmail'; readonly emailHash: string; readonly userId: string; readonly now: number };

/** Who holds the address, if anyone. */
export type UserEmailState = { readonly userId: string | null };

/**
 * The claim of one email address (stream named by the address's hash, never the address): what
 * makes an address belong to one account even when two sign-ups race. The loser reads who won.
 */
export const userEmailDecider: Decider<ClaimUserEmail, UserEmailEvent, UserEmailState> = {
  decide: (command, state) =>
    state.userId !== null ? [] : [{ type: 'UserEmailClaimed', data: { emailHash: command.emailHash, userId: command.userId, at: command.now } }],
  evolve: (state, event) => (state.userId !== null ? state : { userId: event.data.userId }),
  initialState: () => ({ userId: null }),
};

/** The claim of an address, by the SHA-256 (hex) of the lower-cased address. */
export const userEmailAggregate: Aggregate<ClaimUserEmail, UserEmailEvent, UserEmailState> = { decider: userEmailDecider, streamName: toUserEmailStreamName };
