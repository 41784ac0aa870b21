import { matchRank, rankMentionCandidates } from './mention-ranking.policy';

const candidate = (id: string, label: string, extra: { favorite?: boolean; lastUsedAt?: number } = {}) => ({ id, label, ...extra });

describe('mention ranking', () => {
  it('matches the start of a name or of one of its words before a match inside a word, case aside', () => {
    expect([matchRank('Helper', 'hel'), matchRank('Code Helper', 'HEL'), matchRank('Shell', 'hel'), matchRank('Dust', 'hel')]).toEqual([0, 0, 1, null]);
    expect(matchRank('Anything', '  ')).toBe(0);
  });

  it('puts prefix matches before substring matches, then sorts by name', () => {
    const ranked = rankMentionCandidates([candidate('a', 'Shell'), candidate('b', 'helper'), candidate('c', 'Dust'), candidate('d', 'Hello')], 'hel');
    expect(ranked.map((c) => c.label)).toEqual(['Hello', 'helper', 'Shell']);
  });

  it('puts favourites and the recently used first, most recent first', () => {
    const ranked = rankMentionCandidates(
      [candidate('a', 'Alpha'), candidate('b', 'Beta', { favorite: true }), candidate('c', 'Gamma', { lastUsedAt: 5 }), candidate('d', 'Delta', { lastUsedAt: 9 })],
      '',
    );
    expect(ranked.map((c) => c.id)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('keeps a favourite matching inside its name before another matching at its start', () => {
    const ranked = rankMentionCandidates([candidate('a', 'Helper'), candidate('b', 'Shell', { favorite: true })], 'hel');
    expect(ranked.map((c) => c.id)).toEqual(['b', 'a']);
  });

  it('answers at most the limit', () => {
    const many = Array.from({ length: 80 }, (_, i) => candidate(`id${i}`, `Agent ${i}`));
    expect(rankMentionCandidates(many, 'agent')).toHaveLength(50);
    expect(rankMentionCandidates(many, 'agent', 3).map((c) => c.label)).toEqual(['Agent 0', 'Agent 1', 'Agent 10']);
  });
});
