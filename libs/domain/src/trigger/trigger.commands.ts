import type { TriggerSettings } from '@app/contracts/events/trigger.events';

export type CreateTrigger = {
  readonly type: 'CreateTrigger';
  readonly workspaceId: string;
  readonly agentConfigurationId: string;
  readonly editor: string;
  readonly settings: TriggerSettings;
  readonly now: number;
};

export type UpdateTrigger = { readonly type: 'UpdateTrigger'; readonly settings: TriggerSettings; readonly now: number };

export type DeleteTrigger = { readonly type: 'DeleteTrigger'; readonly now: number };

/** A delivery whose URL secret and signature were checked: the decider says whether it matches. */
export type ReceiveWebhookRequest = {
  readonly type: 'ReceiveWebhookRequest';
  readonly requestId: string;
  readonly eventName: string | null;
  readonly payload: unknown;
  readonly now: number;
};

/** A process claims the due instant `dueAt`; nothing is written when it (or a later one) is already claimed. */
export type ClaimScheduledInstant = {
  readonly type: 'ClaimScheduledInstant';
  readonly firingId: string;
  readonly dueAt: number;
  readonly claimedBy: string;
  readonly now: number;
};

/** A stored delivery run again: its event name and payload as stored, matched against the trigger's current settings. */
export type RedriveWebhookRequest = {
  readonly type: 'RedriveWebhookRequest';
  readonly requestId: string;
  readonly firingId: string;
  readonly eventName: string | null;
  readonly payload: unknown;
  readonly now: number;
};

export type CompleteTriggerFiring = {
  readonly type: 'CompleteTriggerFiring';
  readonly firingId: string;
  readonly requestId: string | null;
  readonly conversationId: string | null;
  readonly error: string | null;
  readonly now: number;
};

export type TriggerCommand =
  | CreateTrigger
  | UpdateTrigger
  | DeleteTrigger
  | ReceiveWebhookRequest
  | ClaimScheduledInstant
  | RedriveWebhookRequest
  | CompleteTriggerFiring;
