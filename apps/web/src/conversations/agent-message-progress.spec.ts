import type { AgentMessageStreamPayload } from '@app/contracts/http/agent-message-stream.types';
import type { AgentAction } from '@app/contracts/http/conversation.types';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { applyEvent, loadProgress, NOTHING_YET, progressKey, saveProgress, type AgentMessageProgress } from './agent-message-progress';
import { followEventStream, type StreamEvent } from './event-stream';

// An answer folded from its stream, cut anywhere by a reload (the progress kept in session storage,
// the stream resumed after its id) or by the network: the same text, chain of thought and steps as
// one uninterrupted read, never a token twice.

const base = { created: 1, configurationId: 'helper', messageId: 'm1' };
const action = (sId: string, status: string, output: AgentAction['output']) =>
  ({ sId, functionCallName: `search_${sId}`, internalMCPServerName: 'docs', status, params: { query: 'handbook' }, output }) as unknown as AgentAction;
const FOUND = [{ type: 'text', text: 'Found it.' }];
const approval = {
  conversationId: 'c1',
  actionId: 'a1',
  inputs: { query: 'handbook' },
  stake: 'low',
  isLastBlockingEventForStep: true,
  metadata: { agentName: 'helper', mcpServerName: 'docs', toolName: 'search_a1' },
};
const PAYLOADS: AgentMessageStreamPayload[] = [
  { ...base, type: 'generation_tokens', classification: 'chain_of_thought', text: 'Let me ' },
  { ...base, type: 'generation_tokens', classification: 'chain_of_thought', text: 'look.' },
  { ...base, type: 'tool_params', action: action('a1', 'running', null) },
  { ...base, type: 'tool_approve_execution', ...approval },
  { ...base, type: 'agent_action_success', action: action('a1', 'succeeded', FOUND) },
  ...'The answer is forty-two, as the handbook says.'.split(/(?<= )/).map((text): AgentMessageStreamPayload => ({ ...base, type: 'generation_tokens', classification: 'tokens', text })),
];
const EVENTS: StreamEvent<AgentMessageStreamPayload>[] = PAYLOADS.map((data, index) => ({ eventId: String(index + 1), data }));
const fold = (events: readonly StreamEvent<AgentMessageStreamPayload>[], from: AgentMessageProgress = NOTHING_YET) => events.reduce(applyEvent, from);
const WHOLE = fold(EVENTS);

/** The tab's session storage, as a page has it. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const sse = (events: readonly StreamEvent<AgentMessageStreamPayload>[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');

/** A server that answers each connection with the events after its lastEventId, cutting the first one after `cut` events. */
function serverCutAfter(cut: number, replayOne: boolean) {
  let connections = 0;
  return (async (url: string): Promise<Response> => {
    connections += 1;
    const after = Number(new URL(url, 'http://x').searchParams.get('lastEventId') ?? '0');
    // A server (or proxy) that repeats the event at the resume point: the page must not apply it twice.
    const from = replayOne && after > 0 ? after - 1 : after;
    const rest = EVENTS.filter((event) => Number(event.eventId) > from);
    const chunks = connections === 1 ? [sse(rest.slice(0, cut - from))] : [sse(rest), 'data: done\n\n'];
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
        else if (connections === 1) controller.error(new TypeError('network error'));
        else controller.close();
      },
    });
    return new Response(body, { status: 200 });
  }) as unknown as typeof fetch;
}

describe('an answer folded from its stream', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
  });
  afterEach(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('holds the text, the chain of thought and the steps with their inputs and output', () => {
    const step = { id: 'a1', name: 'search_a1', serverName: 'docs', params: { query: 'handbook' } };
    expect(WHOLE).toEqual({
      lastEventId: String(EVENTS.length),
      text: 'The answer is forty-two, as the handbook says.',
      chainOfThought: 'Let me look.',
      steps: [{ ...step, status: 'done', output: FOUND }],
      approvals: [],
    });
    expect(fold(EVENTS.slice(0, 3)).steps).toEqual([{ ...step, status: 'running', output: null }]);
  });

  it('holds a call that waits for approval until the call ends', () => {
    const waiting = fold(EVENTS.slice(0, 4));
    expect(waiting.approvals).toEqual([{ actionId: 'a1', toolName: 'search_a1', serverName: 'docs', agentName: 'helper', inputs: { query: 'handbook' }, stake: 'low' }]);
    // The stream announcing it twice (a replay) keeps one prompt.
    expect(applyEvent(waiting, EVENTS[3]!).approvals).toHaveLength(1);
    expect(fold(EVENTS.slice(0, 5)).approvals).toEqual([]);
  });

  it('reloaded after any event, resumes from the kept progress to the same answer', () => {
    const key = progressKey('w1', 'm1');
    for (let cut = 0; cut <= EVENTS.length; cut += 1) {
      storage.items.clear();
      if (cut > 0) saveProgress(key, fold(EVENTS.slice(0, cut)));
      // The page after the reload: what was kept, then what the stream sends after its id.
      const kept = loadProgress(key);
      const after = Number(kept.lastEventId ?? '0');
      expect(fold(EVENTS.filter((event) => Number(event.eventId) > after), kept)).toEqual(WHOLE);
    }
  });

  it('cut by the network after any event, even with the server repeating one, ends with each token once', async () => {
    for (const replayOne of [false, true]) {
      for (let cut = 0; cut <= EVENTS.length; cut += 1) {
        let progress = NOTHING_YET;
        await followEventStream<AgentMessageStreamPayload>({
          url: '/events',
          signal: new AbortController().signal,
          lastEventId: () => progress.lastEventId,
          deliver: (events) => {
            progress = fold(events, progress);
          },
          isTerminal: () => false,
          hasEnded: async () => true,
          fetch: serverCutAfter(cut, replayOne),
          sleep: async () => undefined,
        });
        expect({ cut, replayOne, progress }).toEqual({ cut, replayOne, progress: WHOLE });
      }
    }
  });

  it('reads nothing kept when the storage holds something else, or there is no storage', () => {
    storage.setItem(progressKey('w1', 'm1'), '{"text": 3}');
    expect(loadProgress(progressKey('w1', 'm1'))).toEqual(NOTHING_YET);
    // Steps as an older page kept them (no status, no inputs) are left out rather than drawn broken.
    storage.setItem(progressKey('w1', 'm1'), JSON.stringify({ lastEventId: '4', text: '', chainOfThought: '', steps: [{ id: 'a1', name: 'search_a1', done: true }], waitingForApproval: true }));
    expect(loadProgress(progressKey('w1', 'm1'))).toMatchObject({ lastEventId: '4', steps: [], approvals: [] });
    storage.setItem(progressKey('w1', 'm1'), 'not json');
    expect(loadProgress(progressKey('w1', 'm1'))).toEqual(NOTHING_YET);
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    expect(loadProgress(progressKey('w1', 'm1'))).toEqual(NOTHING_YET);
    expect(() => saveProgress(progressKey('w1', 'm1'), WHOLE)).not.toThrow();
  });
});
