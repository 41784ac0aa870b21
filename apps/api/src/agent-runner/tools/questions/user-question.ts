import type { UserQuestion, UserQuestionAnswer } from '@app/contracts/events/tool-approval.events';
import type { ToolCallResult, ToolDefinition } from '../tool-registry.port';

/** The toolset entry (and tool name) that lets an agent ask the user a question mid-run. */
export const ASK_USER_QUESTION_TOOL = 'ask_user_question';

/** Bounds of one question: what a person can read and answer at a glance. */
const LIMITS = { questionChars: 2_000, options: 10, labelChars: 200, descriptionChars: 500 } as const;

export const askUserQuestionDefinition: ToolDefinition = {
  name: ASK_USER_QUESTION_TOOL,
  description:
    'Asks the user one question and waits for the answer, which this call returns. Offer choices in options when there are a few likely answers; ' +
    'the user may also answer in their own words. Use it only when you cannot go on without the user deciding or telling you something.',
  inputSchema: {
    type: 'object',
    properties: {
      question: { type: 'string', description: 'The question, as the user will read it.', maxLength: LIMITS.questionChars },
      options: {
        type: 'array',
        maxItems: LIMITS.options,
        items: {
          type: 'object',
          properties: { label: { type: 'string', maxLength: LIMITS.labelChars }, description: { type: 'string', maxLength: LIMITS.descriptionChars } },
          required: ['label'],
        },
      },
      multiSelect: { type: 'boolean', description: 'The user may choose several options.' },
    },
    required: ['question'],
  },
  serverName: ASK_USER_QUESTION_TOOL,
  asksUser: true,
};

/** The question a call asks, or why its input is not one (the model reads that and may ask again). */
export function questionOf(input: unknown): UserQuestion | string {
  const value = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const question = typeof value.question === 'string' ? value.question.trim() : '';
  if (question === '' || question.length > LIMITS.questionChars) return `Give the question as a text of 1 to ${LIMITS.questionChars} characters.`;
  const rawOptions = value.options ?? [];
  if (!Array.isArray(rawOptions) || rawOptions.length > LIMITS.options) return `Give at most ${LIMITS.options} options.`;
  const options: UserQuestion['options'][number][] = [];
  for (const option of rawOptions as unknown[]) {
    const { label, description } = (typeof option === 'object' && option !== null ? option : {}) as Record<string, unknown>;
    if (typeof label !== 'string' || label.trim() === '' || label.length > LIMITS.labelChars) return `Each option needs a label of 1 to ${LIMITS.labelChars} characters.`;
    if (description !== undefined && description !== null && (typeof description !== 'string' || description.length > LIMITS.descriptionChars)) {
      return `An option's description is a text of at most ${LIMITS.descriptionChars} characters.`;
    }
    options.push({ label: label.trim(), description: typeof description === 'string' && description.trim() !== '' ? description.trim() : null });
  }
  return { question, options, multiSelect: value.multiSelect === true };
}

/** The call's result as the model reads it: the chosen options by label, and the user's own words. */
export function answerResult(question: UserQuestion, answer: UserQuestionAnswer): ToolCallResult {
  const chosen = answer.selectedOptions.map((index) => question.options[index]?.label).filter((label) => label !== undefined);
  const custom = answer.customResponse?.trim();
  const text = JSON.stringify({ question: question.question, selectedOptions: chosen, ...(custom ? { customResponse: custom } : {}) });
  return { ok: true, output: [{ type: 'text', text }] };
}
