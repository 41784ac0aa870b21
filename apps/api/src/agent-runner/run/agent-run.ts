import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import { assertNever } from '@app/contracts/assert-never';
import { Inject, Injectable } from '@nestjs/common';
import type { LanguageModel } from 'ai';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logger';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { AGENT_RUNNER_OPTIONS } from '../agent-runner.options';
import type { RunResumeState } from '../claiming/run-resume-state';
import type { AgentLoopOutcome } from '../loop/agent-loop.types';
import { createLanguageModel, ModelProviderNotConfiguredError } from '../models/language-model.factory';
import { LoopStep } from './loop-step';
import type { AgentPrompt } from './prompt-builder';
import { PromptStep } from './prompt-step';
import { RecordStep } from './record-step';
import type { RunHandle } from './run-handle';
import { resolveRunModel } from './run-model';
import { interruptedError, type RunResult } from './run-outcome';
import { RunPreemptedError } from './run-stream-writer';
import { ConsumptionBudgets, CreditsExhaustedError } from '../../consumption/consumption-budgets';

/**
 * Answers one claimed agent message, as a pipeline: the prompt (PromptStep), the model loop with
 * the run's tools (LoopStep), the record of its end (RecordStep). Meanwhile the run's claim is
 * renewed. A run taken over from a runner that stopped while it waited goes on from `resume`.
 * Never throws.
 */
@Injectable()
export class AgentRun {
  constructor(
    private readonly prompts: PromptStep,
    private readonly loops: LoopStep,
    private readonly records: RecordStep,
    private readonly budgets: ConsumptionBudgets,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async answer(handle: RunHandle, resume: RunResumeState | null = null): Promise<void> {
    // Made when first needed: a pino child costs about 0.3 ms, which here stood between the
    // message and the model request (CPU profile of the time-to-first-token bench).
    let runLog: Logger | undefined;
    const log = (): Logger => (runLog ??= this.logger.child({ component: 'agent-runner', messageId: handle.messageId }));
    const startedAtMs = performance.now();
    const model = resolveRunModel(handle.tracked.created.data, this.config.modelCatalog);
    const toolCalls = new Map<string, AgentToolCall>();
    let languageModel: LanguageModel | null = null;
    let prompt: AgentPrompt | null = null;
    let result: RunResult;
    const renewal = setInterval(() => this.renewLease(handle, log), this.options.leaseRenewMs);
    try {
      languageModel = createLanguageModel(this.config.providers, model.providerId, model.modelId);
      prompt = await this.prompts.prompt(handle, model);
      // A new run only: a run taken over after a wait finishes what its budget let it start.
      if (resume === null) await this.refuseOverBudget(handle, prompt);
      result = resultOf(await this.loops.loop(handle, { languageModel, model, prompt, resume }, toolCalls), handle);
    } catch (error) {
      result = failureOf(error);
      if (!(error instanceof ModelProviderNotConfiguredError) && !(error instanceof RunPreemptedError) && !(error instanceof CreditsExhaustedError)) log().error({ err: error }, 'agent run failed unexpectedly');
      if (error instanceof RunPreemptedError) handle.stop('preempted');
    } finally {
      clearInterval(renewal);
    }
    const durationMs = Math.round(performance.now() - startedAtMs);
    await this.records.record(handle, { model, result, toolCalls, durationMs, languageModel, prompt }, log());
  }

  private async refuseOverBudget(handle: RunHandle, prompt: AgentPrompt): Promise<void> {
    const spent = await this.budgets.exhausted(handle.tracked.created.data.workspaceId, prompt.parent.user?.sId ?? null, Date.now());
    if (spent) throw new CreditsExhaustedError(spent);
  }

  private renewLease(handle: RunHandle, log: () => Logger): void {
    const at = Date.now();
    handle.writer
      .append({ type: 'AgentRunLeaseExtended', data: { runnerId: handle.runnerId, leaseUntil: at + this.options.leaseMs, at } })
      .catch((error: unknown) => {
        if (error instanceof RunPreemptedError) handle.stop('preempted');
        else log().warn({ err: error }, 'could not extend an agent run lease');
      });
  }
}

function resultOf(outcome: AgentLoopOutcome, handle: RunHandle): RunResult {
  switch (outcome.status) {
    case 'succeeded':
      return { status: 'succeeded', error: null, progress: outcome };
    case 'failed':
      return { status: 'failed', error: outcome.error, progress: outcome };
    case 'cancelled':
      // A shutdown is not the user's cancel: the message says the run was interrupted.
      return handle.stopReason === 'shutdown' ? { status: 'failed', error: interruptedError('shutdown'), progress: outcome } : { status: 'cancelled', error: null, progress: outcome };
    default:
      return assertNever(outcome);
  }
}

function failureOf(error: unknown): RunResult {
  if (error instanceof CreditsExhaustedError) {
    const { scope, userId, monthlyCredits, spentCredits, month } = error.budget;
    return { status: 'failed', error: { code: error.code, message: error.message, metadata: { scope, userId, monthlyCredits, spentCredits, month } }, progress: null };
  }
  if (error instanceof ModelProviderNotConfiguredError) {
    return { status: 'failed', error: { code: error.code, message: error.message, metadata: { providerId: error.providerId } }, progress: null };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'failed', error: { code: 'unexpected_error', message: `The agent run failed: ${message}`, metadata: null }, progress: null };
}
