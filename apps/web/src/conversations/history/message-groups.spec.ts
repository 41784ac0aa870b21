import { describe, expect, it } from '@jest/globals';
import { placed, withNewMessage, type Groups } from './message-groups';

// A message the api wrote, put where the conversation holds it: the rows stay in rank order, each
// rank's versions oldest first, whatever the order the page heard of them.

const message = (sId: string, rank: number, text = sId) => ({ sId, rank, text });
type Shown = ReturnType<typeof message>;
const ids = (groups: Groups<Shown>) => groups.map((group) => group.map((version) => version.sId));

const GROUPS: Groups<Shown> = [[message('u1', 0)], [message('a1', 1), message('a1b', 1)], [message('u2', 3)]];

describe('placing a message in a conversation', () => {
  it('replaces the message with the same sId where it is (an answer that ended, a summary written)', () => {
    const after = placed(GROUPS, message('a1', 1, 'ended'));
    expect(ids(after)).toEqual(ids(GROUPS));
    expect(after[1]![0]!.text).toBe('ended');
    expect(after[0]).toBe(GROUPS[0]);
  });

  it('adds a new version after the others of its rank (a retry, an edit)', () => {
    expect(ids(placed(GROUPS, message('a1c', 1)))).toEqual([['u1'], ['a1', 'a1b', 'a1c'], ['u2']]);
    expect(ids(placed(GROUPS, message('u1b', 0)))).toEqual([['u1', 'u1b'], ['a1', 'a1b'], ['u2']]);
  });

  it('adds a rank not shown in rank order: at the end (new answers, a compaction), or between (a rank not loaded)', () => {
    expect(ids(placed(GROUPS, message('a2', 4)))).toEqual([['u1'], ['a1', 'a1b'], ['u2'], ['a2']]);
    expect(ids(placed(GROUPS, message('f1', 2)))).toEqual([['u1'], ['a1', 'a1b'], ['f1'], ['u2']]);
    expect(ids(placed([], message('c1', 0)))).toEqual([['c1']]);
  });

  it('places the same message twice as once, and leaves the groups it was given as they were', () => {
    const once = placed(GROUPS, message('a2', 4));
    expect(placed(once, message('a2', 4))).toEqual(once);
    expect(ids(GROUPS)).toEqual([['u1'], ['a1', 'a1b'], ['u2']]);
  });

  it('adds a message heard from the stream only when the page does not hold it already, as it holds it', () => {
    // Held already (heard from the answer to its post, or an answer the page saw end): kept as the page has it.
    expect(withNewMessage(GROUPS, message('a1', 1, 'created again'))).toBe(GROUPS);
    // New: where placed would put it.
    expect(ids(withNewMessage(GROUPS, message('a1c', 1)))).toEqual([['u1'], ['a1', 'a1b', 'a1c'], ['u2']]);
    expect(ids(withNewMessage(GROUPS, message('u3', 4)))).toEqual([['u1'], ['a1', 'a1b'], ['u2'], ['u3']]);
    // Heard twice, shown once.
    const twice = [message('u3', 4), message('u3', 4)].reduce<Groups<Shown>>(withNewMessage, GROUPS);
    expect(ids(twice)).toEqual([['u1'], ['a1', 'a1b'], ['u2'], ['u3']]);
  });
});
