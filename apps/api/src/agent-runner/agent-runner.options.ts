/** Injection token of the runner's settings (config/agent-runner-settings.ts). */
export const AGENT_RUNNER_OPTIONS = Symbol('AGENT_RUNNER_OPTIONS');

/** Name of the runner's checkpoint in the read store. */
export const AGENT_RUNNER_CHECKPOINT = 'agent_runner';
