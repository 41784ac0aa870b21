// Kept apart from the e2e helpers so unit specs can use it without loading the whole app.

/** A valid create/update body for a custom agent, with the fields a test cares about replaced. */
export const assistant = (overrides: Record<string, unknown> = {}) => ({
  name: 'helper',
  description: 'Answers questions about the handbook.',
  instructions: 'Be precise.',
  pictureUrl: 'https://example.com/helper.png',
  status: 'active',
  scope: 'visible',
  model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.4 },
  maxStepsPerRun: 6,
  actions: [],
  tags: [],
  templateId: null,
  ...overrides,
});
