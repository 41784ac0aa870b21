import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { ContentFragment } from '@app/contracts/http/conversation.types';
import { contentFragmentAdded, FIXTURE_CONVERSATION_ID } from '@app/contracts/test/conversation.fixtures';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { SqliteEventStore, type BlobStore } from '@app/storage';
import type { AuthContext } from '../../auth/auth-context';
import type { ReadModels } from '../../event-sourcing/reading/read-models';
import type { ConversationReader } from '../conversation-reader';
import { GetContentFragmentTextHandler, GetContentFragmentTextQuery } from './get-content-fragment-text.query';

const auth = { workspace: { sId: 'w1' } } as unknown as AuthContext;

/** A fragment as the read models show it: a file's, or one recorded inline before inline text became files. */
function fragment(fileId: string | null): ContentFragment {
  return { type: 'content_fragment', contentFragmentType: 'file', fileId, contentType: 'text/plain' } as unknown as ContentFragment;
}

describe('GetContentFragmentTextHandler', () => {
  let eventStore: SqliteEventStore;
  let eventReads: number;

  beforeEach(async () => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    const legacy = contentFragmentAdded('cf_inline', 0, 'cf0', { textContent: 'Q3 up 12%' });
    await eventStore.append(toConversationStreamName(FIXTURE_CONVERSATION_ID), [{ id: 'e1', type: legacy.type, data: legacy.data, metadata: { actor: 'u', schemaVersion: CURRENT_SCHEMA_VERSION } }], 'no_stream');
    eventReads = 0;
    const readStream = eventStore.readStream.bind(eventStore);
    eventStore.readStream = (...args) => {
      eventReads += 1;
      return readStream(...args);
    };
  });
  afterEach(() => eventStore.close());

  function handler(message: ContentFragment): GetContentFragmentTextHandler {
    const reader = { loadMessage: async () => message } as unknown as ConversationReader;
    const readModels = { get: async () => ({ workspaceId: 'w1', status: 'ready', processedHash: 'h1' }) } as unknown as ReadModels;
    const blobs = { get: async () => (async function* () { yield Buffer.from('the file text'); })() } as unknown as BlobStore;
    return new GetContentFragmentTextHandler(reader, eventStore, blobs, readModels);
  }

  it("reads a file fragment's text from its file, without the conversation's stream", async () => {
    const text = await handler(fragment('fil_1')).execute(new GetContentFragmentTextQuery(auth, FIXTURE_CONVERSATION_ID, 'cf_file'));
    expect(text).toEqual({ contentType: 'text/plain', text: 'the file text' });
    expect(eventReads).toBe(0);
  });

  it('reads a fragment recorded inline from the event that added it', async () => {
    const text = await handler(fragment(null)).execute(new GetContentFragmentTextQuery(auth, FIXTURE_CONVERSATION_ID, 'cf_inline'));
    expect(text).toEqual({ contentType: 'text/plain', text: 'Q3 up 12%' });
    expect(eventReads).toBe(1);
  });

  it('answers 404 for a content node fragment, which has no text of its own', async () => {
    const node = { ...fragment(null), contentFragmentType: 'content_node' } as unknown as ContentFragment;
    await expect(handler(node).execute(new GetContentFragmentTextQuery(auth, FIXTURE_CONVERSATION_ID, 'cf_node'))).rejects.toMatchObject({ type: 'message_not_found' });
    expect(eventReads).toBe(0);
  });
});
