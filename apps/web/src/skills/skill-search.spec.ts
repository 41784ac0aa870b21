import { describe, expect, it } from '@jest/globals';
import { matchesSearch } from './skill-search';

const NOTES = { name: 'release-notes', userFacingDescription: 'Writes release notes from a changelog.', agentFacingDescription: 'Use when asked for notes.' };

describe("the skill list's search", () => {
  it('matches every word typed, in the name or a description, in any case', () => {
    expect(matchesSearch(NOTES, '')).toBe(true);
    expect(matchesSearch(NOTES, 'RELEASE changelog')).toBe(true);
    expect(matchesSearch(NOTES, '  asked  ')).toBe(true);
    expect(matchesSearch(NOTES, 'release minutes')).toBe(false);
  });
});
