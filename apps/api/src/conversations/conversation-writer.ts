import type { ConversationCommand } from '@app/domain/conversation/conversation.commands';
import { Injectable } from '@nestjs/common';
import { ConversationAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../auth/auth-context';
import { ConversationReader } from './conversation-reader';

type WithoutBase<C> = C extends unknown ? Omit<C, 'conversationId' | 'workspaceId' | 'now'> : never;

/** A conversation command without the fields every one of them carries (filled in here). */
export type ConversationCommandInput = WithoutBase<ConversationCommand>;

/** A command input about one message (reactions, feedback). */
export type MessageCommandInput = ConversationCommandInput & { readonly messageId: string };

/** The conversation aggregate as the command handlers use it: scoped to the caller's workspace. */
@Injectable()
export class ConversationWriter {
  constructor(
    private readonly conversations: ConversationAggregateWriter,
    private readonly reader: ConversationReader,
  ) {}

  /** Runs one command on a conversation's stream; returns the position of its last event (null: no change). */
  async run(auth: AuthContext, conversationId: string, command: ConversationCommandInput): Promise<number | null> {
    const outcome = await this.conversations.run(conversationId, { ...command, conversationId, workspaceId: auth.workspace.sId }, auth);
    return outcome.position;
  }

  /**
   * Runs a command on a conversation the caller can see: a missing, deleted or foreign one is the
   * read model's 404 before the command is even built.
   */
  async runOnVisible(auth: AuthContext, conversationId: string, command: ConversationCommandInput): Promise<number | null> {
    await this.reader.load(auth, conversationId);
    return this.run(auth, conversationId, command);
  }

  /** Runs a command about one message the caller can see: a missing one is the read model's 404 first. */
  async runOnMessage(auth: AuthContext, conversationId: string, command: MessageCommandInput): Promise<number | null> {
    await this.reader.loadMessage(auth, conversationId, command.messageId);
    return this.run(auth, conversationId, command);
  }
}
