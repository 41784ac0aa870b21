import {
  contentOf,
  type ConversationDocument,
  type ConversationMessageDocument,
} from '@app/contracts/read-models/conversation.read-models';
import { physicalCollectionName, READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { renderConversation } from '@app/contracts/render/conversation.render';
import { loadV1ConversationLog, withFieldsAddedSince } from '@app/contracts/test/recorded-log';
import { GenerationRegistry, SqliteEventStore, SqliteReadStore, type EventStore, type ReadStore } from '@app/storage';
import { ALL_PROJECTIONS } from '../all-projections';
import { rebuildReadModels } from './rebuild';

// A log written by an older schema must rebuild into the read models its api served: replay goes
// through upcasting like every other reader, and renders the conversation the old api answered.
describe('rebuilding from a log written at schema v1', () => {
  const log = loadV1ConversationLog();
  let eventStore: EventStore;
  let readStore: ReadStore;

  beforeEach(async () => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    readStore = new SqliteReadStore({ path: ':memory:' });
    for (const event of log.events) {
      const { id, type, data, metadata } = event;
      await eventStore.append(event.streamName, [{ id, type, data, metadata }], event.revision === 0 ? 'no_stream' : event.revision - 1);
    }
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
  });

  it('gives the conversation the v1 api answered', async () => {
    // Numeric ids are log positions: the replayed log must hold every event where it was.
    expect((await eventStore.readAll()).map((event) => event.position)).toEqual(log.events.map((event) => event.position));

    const result = await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, { switchGraceMs: 0 });
    expect(result.events).toBe(log.events.length);
    const generation = await new GenerationRegistry(readStore).active();
    const doc = await readStore.get<ConversationDocument>(physicalCollectionName(READ_MODELS.conversations, generation), log.conversationId);
    expect(doc).not.toBeNull();
    const messages = await readStore.find<ConversationMessageDocument>(physicalCollectionName(READ_MODELS.conversationMessages, generation), {
      where: { conversationId: log.conversationId },
      sort: [
        { field: 'rank', direction: 'asc' },
        { field: 'createdPosition', direction: 'asc' },
      ],
    });

    const answered = log.wire.conversation;
    const context = { viewerUserId: log.viewerUserId, owner: answered.owner, baseUrl: log.publicUrl };
    expect(renderConversation({ ...doc!, content: contentOf(messages) }, context)).toEqual(withFieldsAddedSince(answered, log));
  });
});
