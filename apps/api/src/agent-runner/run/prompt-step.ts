import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { DomainError } from '@app/domain/shared/domain-error';
import { BLOB_STORE, EVENT_STORE, type BlobStore, type EventStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { readConversationEvents } from '../../event-sourcing/reading/conversation-events';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { AGENT_RUNNER_OPTIONS } from '../agent-runner.options';
import { ConversationCompactor } from '../compaction/conversation-compactor';
import { promptExceedsContextShare } from '../compaction/prompt-tokens';
import { loadPromptAttachments } from './prompt-attachments';
import { RunContributions } from './run-contributions';
import { buildAgentPrompt, type AgentPrompt } from './prompt-builder';
import type { RunHandle } from './run-handle';
import type { RunModel } from './run-model';

/**
 * The run's first step: the prompt, from the conversation's events (read once) and its workspace.
 * When the prompt would fill more than the configured share of the model's context window, the
 * conversation is compacted first (everything before the message being answered) and the prompt
 * rebuilt on the summary (the conversation read a second time). A compaction that fails, or finds
 * nothing new to cover, leaves the prompt as it was: the run goes on.
 */
@Injectable()
export class PromptStep {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly readModels: ReadModels,
    private readonly compactor: ConversationCompactor,
    private readonly contributions: RunContributions,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerSettings,
  ) {}

  async prompt(handle: RunHandle, model: RunModel): Promise<AgentPrompt> {
    const prompt = await this.build(handle, model);
    return (await this.compacted(handle, model, prompt)) ? this.build(handle, model) : prompt;
  }

  private async build(handle: RunHandle, model: RunModel): Promise<AgentPrompt> {
    const data = handle.tracked.created.data;
    const [events, workspace] = await Promise.all([
      readConversationEvents(this.eventStore, data.conversationId),
      this.readModels.get<WorkspaceDocument>('workspaces', data.workspaceId),
    ]);
    const acceptsImages = model.entry?.acceptsImages ?? false;
    const budgetChars = attachmentBudgetChars(model, this.config.files.promptAttachmentChars);
    const attachments = await loadPromptAttachments(events, this.readModels, this.blobs, { acceptsImages, maxTextChars: budgetChars });
    const { systemSections } = await this.contributions.of({
      workspaceId: data.workspaceId,
      conversationId: data.conversationId,
      agentMessageId: data.messageId,
      agentConfigurationId: data.configuration.sId,
      agentConfigurationVersion: data.configuration.version,
      userId: parentUserId(events, data.parentMessageId),
    });
    return buildAgentPrompt(events, data, {
      workspaceName: workspace?.name ?? null,
      now: Date.now(),
      attachments,
      attachmentBudgetChars: budgetChars,
      acceptsImages,
      systemSections,
    });
  }

  /** Whether the conversation was compacted for this prompt (it must then be built again). */
  private async compacted(handle: RunHandle, model: RunModel, prompt: AgentPrompt): Promise<boolean> {
    const contextSize = model.entry?.contextSize;
    if (contextSize === undefined) return false;
    if (!(await promptExceedsContextShare(prompt.system, prompt.messages, contextSize, this.options.compactionContextShare))) return false;
    const data = handle.tracked.created.data;
    try {
      const started = await this.compactor.start({
        workspaceId: data.workspaceId,
        conversationId: data.conversationId,
        trigger: 'threshold',
        coversUpToRank: prompt.parent.rank,
        model: { providerId: model.providerId, modelId: model.modelId },
        actor: handle.actor,
      });
      return (await started.done) === 'succeeded';
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }
}

/**
 * Characters of attached text a run's prompt may take: the configured ceiling, and at most half of
 * the model's context (about 4 characters a token), so attachments never crowd out the conversation.
 */
function attachmentBudgetChars(model: RunModel, ceilingChars: number): number {
  const contextChars = (model.entry?.contextSize ?? 128_000) * 4;
  return Math.min(ceilingChars, Math.floor(contextChars / 2));
}

/** The member who posted the message being answered (its latest version), or null. */
function parentUserId(events: readonly ConversationEvent[], parentMessageId: string): string | null {
  let userId: string | null = null;
  for (const event of events) {
    if ((event.type === 'UserMessagePosted' || event.type === 'UserMessageEdited') && event.data.messageId === parentMessageId) userId = event.data.user?.sId ?? null;
  }
  return userId;
}
