// The AI SDK's ESM graph reaches two ESM-only files that jest.config's transform list misses
// (zod's locale file, `@workflow/serde`); these mocks load the equivalent CommonJS / identical
// values. They stand in for module-format plumbing only: the SDK and the providers run for real.
// A spec imports this module before anything that loads the SDK, so the mocks are registered first.
jest.mock('zod/v4/locales/en.js', () => jest.requireActual('zod/v4/locales/en.cjs'));
jest.mock('@workflow/serde', () => ({
  WORKFLOW_SERIALIZE: Symbol.for('workflow-serialize'),
  WORKFLOW_DESERIALIZE: Symbol.for('workflow-deserialize'),
}));

export {};
