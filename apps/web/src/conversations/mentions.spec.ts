import { describe, expect, it } from '@jest/globals';
import { isLocalPicture, matchingAgents, mentionQueryAt, mentionsIn, MOST_OPTIONS, type MentionableAgent } from './mentions';

const agent = (sId: string, name: string): MentionableAgent => ({ sId, name, description: '', pictureUrl: 'https://example.com/a.png' });
const AGENTS = [agent('dust', 'dust'), agent('a1', 'helper'), agent('a2', 'handbook'), agent('a3', 'the-helper'), agent('a4', 'c++')];

describe('mentions in the composer', () => {
  it('finds the @ being typed at the caret, at the start or after a space only', () => {
    expect(mentionQueryAt('Hi @hel', 7)).toEqual({ start: 3, query: 'hel' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hi @hel there', 13)).toBeNull();
    expect(mentionQueryAt('Hi @hel there', 7)).toEqual({ start: 3, query: 'hel' });
    expect(mentionQueryAt('ada@example', 11)).toBeNull();
    expect(mentionQueryAt('line\n@h', 7)).toEqual({ start: 5, query: 'h' });
  });

  it('offers the agents whose names start with the query first, then those containing it, a few at most', () => {
    expect(matchingAgents(AGENTS, 'HEL').map((a) => a.name)).toEqual(['helper', 'the-helper']);
    expect(matchingAgents(AGENTS, 'h').map((a) => a.name)).toEqual(['helper', 'handbook', 'the-helper']);
    const many = Array.from({ length: 20 }, (_, index) => agent(`x${index}`, `agent${index}`));
    expect(matchingAgents(many, '')).toHaveLength(MOST_OPTIONS);
  });

  it('mentions each agent the text names with @, once, in any case, before punctuation or the end', () => {
    expect(mentionsIn('@helper, and @HELPER again; ask @c++.', AGENTS)).toEqual([{ configurationId: 'a1' }, { configurationId: 'a4' }]);
    expect(mentionsIn('mail ada@helper or @helpers or @the-helper', AGENTS)).toEqual([{ configurationId: 'a3' }]);
    expect(mentionsIn('no one', AGENTS)).toEqual([]);
  });

  it('shows only pictures this server holds', () => {
    expect(isLocalPicture('data:image/png;base64,AAAA')).toBe(true);
    expect(isLocalPicture('/api/w/w1/files/f1')).toBe(true);
    expect(isLocalPicture('//evil.example/x.png')).toBe(false);
    expect(isLocalPicture('https://example.com/a.png')).toBe(false);
    expect(isLocalPicture('javascript:alert(1)')).toBe(false);
  });
});
