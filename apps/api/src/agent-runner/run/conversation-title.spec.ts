import { cleanTitle, fallbackTitle, generateConversationTitle } from './conversation-title';

describe('conversation titles', () => {
  it('cleans what a model answers into at most 8 words on one line', () => {
    expect(cleanTitle('"Quarterly revenue review."')).toBe('Quarterly revenue review');
    expect(cleanTitle('Title: Planning the offsite\nMore text')).toBe('Planning the offsite');
    expect(cleanTitle('one two three four five six seven eight nine ten')).toBe('one two three four five six seven eight');
    expect(cleanTitle('  \n')).toBe('');
  });

  it('falls back to the first 60 characters of the user message, on one line', () => {
    expect(fallbackTitle('short\nquestion')).toBe('short question');
    expect(fallbackTitle('x'.repeat(100))).toHaveLength(60);
  });

  it('uses the fallback without a model', async () => {
    await expect(generateConversationTitle(null, 'What is up?', 'Not much.')).resolves.toBe('What is up?');
  });
});
