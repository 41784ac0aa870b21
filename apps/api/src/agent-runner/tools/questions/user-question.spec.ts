import { answerResult, questionOf } from './user-question';

describe('the ask_user_question tool', () => {
  it('reads a question with options, trimmed, descriptions null when absent or blank', () => {
    expect(questionOf({ question: ' Which day? ', options: [{ label: ' Friday ' }, { label: 'Monday', description: ' after the release ' }, { label: 'Sunday', description: ' ' }], multiSelect: true })).toEqual({
      question: 'Which day?',
      options: [
        { label: 'Friday', description: null },
        { label: 'Monday', description: 'after the release' },
        { label: 'Sunday', description: null },
      ],
      multiSelect: true,
    });
    expect(questionOf({ question: 'Anything else?' })).toEqual({ question: 'Anything else?', options: [], multiSelect: false });
  });

  it('tells the model what is wrong with a question it cannot ask', () => {
    for (const input of [null, {}, { question: ' ' }, { question: 'x'.repeat(2_001) }, { question: 'Q', options: 'a, b' }, { question: 'Q', options: [{}] }, { question: 'Q', options: [{ label: 'a', description: 3 }] }]) {
      expect(typeof questionOf(input)).toBe('string');
    }
    expect(questionOf({ question: 'Q', options: Array.from({ length: 11 }, (_, i) => ({ label: `o${i}` })) })).toBe('Give at most 10 options.');
  });

  it('gives the model the chosen options by label and the words of the user', () => {
    const question = { question: 'Which?', options: [{ label: 'A', description: null }, { label: 'B', description: null }], multiSelect: true };
    expect(answerResult(question, { selectedOptions: [1, 0], customResponse: ' soon ' })).toEqual({
      ok: true,
      output: [{ type: 'text', text: JSON.stringify({ question: 'Which?', selectedOptions: ['B', 'A'], customResponse: 'soon' }) }],
    });
    expect(answerResult(question, { selectedOptions: [], customResponse: 'neither' }).output[0]).toEqual({ type: 'text', text: '{"question":"Which?","selectedOptions":[],"customResponse":"neither"}' });
  });
});
