import { describe, expect, it } from '@jest/globals';
import { offeredActions, type ActionSubject } from './offered-actions';

// The actions a message offers are those the api accepts from this person, on this version, now.

const NOW = { latest: true, pastView: false, userSId: 'ada' };
const answer = (status: 'created' | 'succeeded' | 'failed' | 'cancelled'): ActionSubject => ({ type: 'agent_message', status });
const question = (author: string | null): ActionSubject => ({ type: 'user_message', user: author === null ? null : { sId: author } });

describe('the actions a message offers', () => {
  it('retries and forks from a finished answer, whatever its outcome; nothing while it is being written', () => {
    for (const status of ['succeeded', 'failed', 'cancelled'] as const) expect(offeredActions(answer(status), NOW)).toEqual({ retry: true, edit: false, fork: true });
    expect(offeredActions(answer('created'), NOW)).toEqual({ retry: false, edit: false, fork: false });
  });

  it("edits one's own message only, and forks from anyone's", () => {
    expect(offeredActions(question('ada'), NOW)).toEqual({ retry: false, edit: true, fork: true });
    expect(offeredActions(question('grace'), NOW)).toEqual({ retry: false, edit: false, fork: true });
    // Posted with a workspace key, on behalf of no member.
    expect(offeredActions(question(null), NOW)).toEqual({ retry: false, edit: false, fork: true });
  });

  it('forks from an attachment; a summary offers nothing (a fork leaves summaries out)', () => {
    expect(offeredActions({ type: 'content_fragment' }, NOW)).toEqual({ retry: false, edit: false, fork: true });
    expect(offeredActions({ type: 'compaction_message' }, NOW)).toEqual({ retry: false, edit: false, fork: false });
  });

  it('offers nothing on an older version, nor anywhere in a past view', () => {
    const none = { retry: false, edit: false, fork: false };
    expect(offeredActions(answer('succeeded'), { ...NOW, latest: false })).toEqual(none);
    expect(offeredActions(question('ada'), { ...NOW, latest: false })).toEqual(none);
    expect(offeredActions(answer('succeeded'), { ...NOW, pastView: true })).toEqual(none);
    expect(offeredActions(question('ada'), { ...NOW, pastView: true })).toEqual(none);
  });
});
