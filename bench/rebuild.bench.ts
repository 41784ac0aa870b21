/**
 * Rebuild rate: fills an event log with realistic conversation traffic (workspaces, conversations,
 * messages), then replays it all into a fresh generation of read models.
 * Run: `npm run build:bench && node dist/bench/rebuild.bench.js [conversations] [messagesPerConversation]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PROJECTIONS, rebuildReadModels } from '../libs/projections/src';
import { DeciderExecutor } from '../apps/api/src/application/decider-executor';
import { conversationAggregate } from '../libs/domain/src/conversation/conversation.decider';
import { SqliteEventStore } from '../libs/storage/src/event-store/sqlite-event-store';
import { SqliteReadStore } from '../libs/storage/src/read-store/sqlite-read-store';

async function main(): Promise<void> {
  const conversations = Number(process.argv[2] ?? 500);
  const messages = Number(process.argv[3] ?? 40);
  const dir = mkdtempSync(join(tmpdir(), 'wcs-rebuild-'));
  const eventStore = new SqliteEventStore({ path: join(dir, 'events.sqlite') });
  const readStore = new SqliteReadStore({ path: join(dir, 'read-models.sqlite') });
  const executor = new DeciderExecutor(eventStore);
  const workspaceId = 'RebuildWs1';
  const base = { workspaceId, now: Date.now() };
  for (let c = 0; c < conversations; c += 1) {
    const conversationId = `conv${String(c).padStart(6, '0')}`;
    await executor.execute(conversationAggregate, conversationId, {
      ...base, type: 'CreateConversation', conversationId, title: `Conversation ${c}`, visibility: 'unlisted', depth: 0,
      spaceId: null, metadata: null, triggerId: null, requestedSpaceIds: [], createdBy: null,
    }, { actor: 'bench' });
    for (let m = 0; m < messages; m += 1) {
      await executor.execute(conversationAggregate, conversationId, {
        ...base, type: 'PostUserMessage', conversationId, messageId: `m${c}x${m}`.padEnd(10, '0').slice(0, 10),
        content: `message ${m} of conversation ${c}: ${'lorem ipsum '.repeat(8)}`, mentions: [],
        context: { username: 'bench', timezone: 'UTC', origin: 'api' }, user: null, mentionedAgents: [], agentMessageIds: [],
      }, { actor: 'bench' });
    }
  }
  const total = (await eventStore.readAll()).length;
  let lastLine = 0;
  const result = await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, {
    switchGraceMs: 0,
    onProgress: (progress) => {
      if (Date.now() - lastLine > 1000) {
        lastLine = Date.now();
        process.stderr.write(`  ${progress.events}/${total} events\n`);
      }
    },
  });
  console.log(JSON.stringify({ bench: 'rebuild all read models (SQLite)', events: result.events, durationMs: result.durationMs, failed: result.failed, eventsPerSecond: Math.round(result.events / (result.durationMs / 1000)), conversations, messagesPerConversation: messages }));
  await eventStore.close();
  await readStore.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
