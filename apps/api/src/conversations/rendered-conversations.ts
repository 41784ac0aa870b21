import type { GetConversationResponse } from '@app/contracts/http/conversation-responses.types';
import type { ConversationMessageDocument } from '@app/contracts/read-models/conversation.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import type { PathFamily } from '../common/http/path-family';
import { JsonText } from '../common/http/json-text';
import { viewerIdOf, type ConversationDocuments } from './conversation-reader';

interface Rendered {
  readonly doc: object;
  readonly workspace: object;
  readonly role: string;
  readonly viewer: string;
  readonly family: PathFamily;
  readonly json: JsonText<GetConversationResponse>;
}

/**
 * Whole-conversation answers kept serialized. The read cache hands back the very same frozen
 * documents until they change, so an answer built from the same header, message list, workspace
 * and viewer is the same text: reading a conversation again costs neither rendering nor
 * `JSON.stringify`. Entries hang off the message list (weakly), so they go when the cache drops it;
 * without the cache every read brings new lists and nothing is reused.
 */
@Injectable()
export class RenderedConversations {
  private readonly byMessages = new WeakMap<readonly ConversationMessageDocument[], Rendered>();

  json(documents: ConversationDocuments, auth: AuthContext, family: PathFamily, render: () => GetConversationResponse): JsonText<GetConversationResponse> {
    const { doc, messages } = documents;
    const viewer = viewerIdOf(auth);
    const kept = this.byMessages.get(messages);
    if (kept && kept.doc === doc && kept.workspace === auth.workspace && kept.role === auth.role && kept.viewer === viewer && kept.family === family) {
      return kept.json;
    }
    const json = new JsonText<GetConversationResponse>(JSON.stringify(render()));
    if (Object.isFrozen(messages) && Object.isFrozen(doc)) this.byMessages.set(messages, { doc, workspace: auth.workspace, role: auth.role, viewer, family, json });
    return json;
  }
}
