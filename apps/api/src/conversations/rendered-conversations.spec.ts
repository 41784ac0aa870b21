import type { ConversationDocument, ConversationMessageDocument } from '@app/contracts/read-models/conversation.read-models';
import type { GetConversationResponse } from '@app/contracts/http/conversation-responses.types';
import type { AuthContext } from '../auth/auth-context';
import { RenderedConversations } from './rendered-conversations';

const workspace = Object.freeze({ sId: 'w1' });
const auth = (userId: string): AuthContext => ({ workspace, role: 'user', keyId: 'k1', user: { sId: userId } }) as unknown as AuthContext;
const frozenDocuments = () => ({
  doc: Object.freeze({ sId: 'c1' }) as unknown as ConversationDocument,
  messages: Object.freeze([]) as readonly ConversationMessageDocument[],
});

describe('RenderedConversations', () => {
  it('serializes once for the same shared documents and viewer, and again when any of them differs', () => {
    const rendered = new RenderedConversations();
    let renders = 0;
    const render = () => ({ conversation: { n: (renders += 1) } }) as unknown as GetConversationResponse;
    const documents = frozenDocuments();
    const first = rendered.json(documents, auth('u1'), 'public', render);
    expect(rendered.json(documents, auth('u1'), 'public', render)).toBe(first);
    expect(JSON.parse(first.text)).toStrictEqual({ conversation: { n: 1 } });
    expect(rendered.json(documents, auth('u2'), 'public', render).text).toBe('{"conversation":{"n":2}}');
    expect(rendered.json(documents, auth('u1'), 'private', render).text).toBe('{"conversation":{"n":3}}');
    expect(rendered.json({ ...documents, doc: Object.freeze({ sId: 'c1' }) as unknown as ConversationDocument }, auth('u1'), 'private', render).text).toBe('{"conversation":{"n":4}}');
  });

  it('keeps nothing built from documents that are not the shared (frozen) ones', () => {
    const rendered = new RenderedConversations();
    let renders = 0;
    const render = () => ({ conversation: { n: (renders += 1) } }) as unknown as GetConversationResponse;
    const documents = { doc: { sId: 'c1' } as unknown as ConversationDocument, messages: [] as ConversationMessageDocument[] };
    rendered.json(documents, auth('u1'), 'public', render);
    rendered.json(documents, auth('u1'), 'public', render);
    expect(renders).toBe(2);
  });
});
