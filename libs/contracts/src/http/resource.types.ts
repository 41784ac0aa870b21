/**
 * Wire shapes that conversations, their messages and other resources share: how a resource is
 * identified, and a user as the client validates it. Both conversation.types.ts and
 * conversation-message.types.ts build on them.
 */

/** How conversations and their messages are identified: numeric id, string sId, creation time (epoch ms). */
export interface ResourceBase {
  readonly id: number;
  readonly sId: string;
  readonly created: number;
}

/** A user as the client validates it (dust-api §1 User). */
export interface UserWire {
  readonly sId: string;
  readonly id: number;
  readonly createdAt: number;
  readonly provider: string | null;
  readonly username: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly fullName: string;
  readonly image: string | null;
}
