import type { ConversationMessage } from '@app/contracts/http/conversation.types';
import type { EventStore } from '@app/storage';
import type { AuthContext } from '../auth/auth-context';
import type { ApiConfig } from '../config/api-config';
import type { ReadModels } from '../event-sourcing/reading/read-models';
import { ApiError } from '../common/http/api-error';
import { ConversationReader } from './conversation-reader';

const auth = { workspace: { sId: 'w1' }, keyId: 'key_1', user: null, role: 'user' } as unknown as AuthContext;
const header = { sId: 'c1', workspaceId: 'w1', deleted: false };
const message = { sId: 'm1', type: 'agent_message' } as unknown as ConversationMessage;

/**
 * Read models that know the message only once they have caught up with the log's head (position
 * 7), as when a client heard of it on the conversation's event stream, which follows the log.
 */
function lagging(): { readModels: ReadModels; eventStore: EventStore; waitedFor: number[] } {
  const waitedFor: number[] = [];
  let caughtUp = false;
  const readModels = {
    get: async () => header,
    getMany: async () => new Map(caughtUp ? [['c1:m1', { conversationId: 'c1', rank: 1, createdPosition: 7, message }]] : []),
    waitFor: async (position: number) => {
      waitedFor.push(position);
      caughtUp = true;
    },
  } as unknown as ReadModels;
  const eventStore = { headPosition: async () => 7 } as unknown as EventStore;
  return { readModels, eventStore, waitedFor };
}

describe('ConversationReader', () => {
  it('looks up a message the read models do not know yet again once they have caught up with the log', async () => {
    const { readModels, eventStore, waitedFor } = lagging();
    const reader = new ConversationReader(readModels, {} as ApiConfig, eventStore);
    expect(await reader.loadMessage(auth, 'c1', 'm1')).toBe(message);
    expect(waitedFor).toEqual([7]);
  });

  it('answers a message the log does not hold either as missing (404)', async () => {
    const { readModels, eventStore, waitedFor } = lagging();
    const reader = new ConversationReader(readModels, {} as ApiConfig, eventStore);
    await expect(reader.loadMessage(auth, 'c1', 'm_unknown')).rejects.toThrow(ApiError);
    expect(waitedFor).toEqual([7]);
  });

  it('waits for nothing when every message asked for is known', async () => {
    const { readModels, eventStore, waitedFor } = lagging();
    const reader = new ConversationReader(readModels, {} as ApiConfig, eventStore);
    await reader.loadMessage(auth, 'c1', 'm1');
    waitedFor.length = 0;
    expect((await reader.loadMessages(auth, 'c1', ['m1'])).get('m1')).toBe(message);
    expect(waitedFor).toEqual([]);
  });
});
