import type { TriggerSettings } from '@app/contracts/events/trigger.events';
import type { TriggerState } from '@app/domain/trigger/trigger.state';
import type { CreateConversationInput } from '@app/contracts/http/conversation.dto';
import type { CreateConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { memberKey, type UserDocument, type WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import type { AuthContext } from '../auth/auth-context';
import { AgentDirectory } from '../agents/directory/agent-directory.service';
import { LOGGER } from '../common/logger';
import { CreateConversationCommand } from '../conversations/commands/create-conversation.command';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { TriggerAggregateWriter } from '../event-sourcing/writing/aggregate-writers';

/** The trigger as a firing needs it. */
export interface FiringTrigger {
  readonly triggerId: string;
  readonly workspaceId: string;
  readonly agentConfigurationId: string;
  readonly editor: string;
  readonly settings: TriggerSettings;
}

/** The trigger of a firing, from the aggregate's state. */
export function firingTriggerOf(triggerId: string, trigger: NonNullable<TriggerState['trigger']>): FiringTrigger {
  const { workspaceId, agentConfigurationId, editor, settings } = trigger;
  return { triggerId, workspaceId, agentConfigurationId, editor, settings };
}

/** One firing: its id (the request id for a delivery), and the delivery's payload when there is one. */
export interface Firing {
  readonly firingId: string;
  readonly requestId: string | null;
  readonly payload?: unknown;
}

/**
 * Starts the run of a firing: a new unlisted conversation ("@agent triggered (kind)") whose first
 * message, posted as the trigger's editor with origin `triggered`, mentions the agent with the
 * custom prompt (and the payload as a content fragment when the trigger asks for it); then records
 * how the firing ended on the trigger's stream.
 */
@Injectable()
export class TriggerFiring {
  private readonly log: Logger;

  constructor(
    private readonly commandBus: CommandBus,
    private readonly readModels: ReadModels,
    private readonly directory: AgentDirectory,
    private readonly triggers: TriggerAggregateWriter,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'triggers' });
  }

  async fire(trigger: FiringTrigger, firing: Firing): Promise<{ conversationId: string | null; error: string | null }> {
    let conversationId: string | null = null;
    let error: string | null = null;
    try {
      conversationId = await this.startConversation(trigger, firing);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      this.log.warn({ err: failure, triggerId: trigger.triggerId, firingId: firing.firingId }, 'a trigger firing could not start its run');
    }
    const outcome = await this.triggers.run(
      trigger.triggerId,
      { type: 'CompleteTriggerFiring', firingId: firing.firingId, requestId: firing.requestId, conversationId, error },
      `trigger:${trigger.triggerId}`,
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { conversationId, error };
  }

  private async startConversation(trigger: FiringTrigger, firing: Firing): Promise<string> {
    const auth = await this.editorAuth(trigger);
    const agent = await this.directory.find(auth.workspace, trigger.agentConfigurationId, { role: auth.role, userId: auth.user?.sId ?? null });
    if (!agent) throw new Error('The agent of this trigger no longer exists.');
    const { settings } = trigger;
    const attachPayload = settings.kind === 'webhook' && settings.configuration.includePayload && firing.payload !== undefined;
    const timezone = settings.kind === 'schedule' ? settings.configuration.timezone : 'UTC';
    const user = auth.user as UserDocument;
    const input = {
      title: `@${agent.light.name} triggered (${settings.kind})`,
      visibility: 'unlisted',
      message: {
        content: `:mention[${agent.light.name}]{sId=${trigger.agentConfigurationId}} ${settings.customPrompt ?? ''}`.trim(),
        mentions: [{ configurationId: trigger.agentConfigurationId }],
        context: { username: user.username, fullName: user.fullName, email: user.email, timezone, origin: 'triggered' },
      },
      contentFragments: attachPayload ? [{ title: 'Webhook payload', content: JSON.stringify(firing.payload, null, 2), contentType: 'application/json' }] : [],
    } as unknown as CreateConversationInput;
    const created = await this.commandBus.execute<CreateConversationCommand, CreateConversationResponse>(new CreateConversationCommand(auth, input, 'public', trigger.triggerId));
    return created.conversation.sId;
  }

  /** The trigger's editor as a caller: their membership now (a former member's trigger fails). */
  private async editorAuth(trigger: FiringTrigger): Promise<AuthContext> {
    const workspace = await this.readModels.get<WorkspaceDocument>('workspaces', trigger.workspaceId);
    const member = await this.readModels.get<UserDocument>('users', memberKey(trigger.workspaceId, trigger.editor));
    if (!workspace || !member) throw new Error("The trigger's editor is no longer a member of the workspace.");
    return { workspace, role: member.role, keyId: `trigger:${trigger.triggerId}`, user: member, via: 'key' };
  }
}
