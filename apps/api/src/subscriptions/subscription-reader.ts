import type { Subscription } from '@app/contracts/http/subscription.types';
import type { SubscriptionDocument } from '@app/contracts/read-models/subscription.read-models';
import { renderSubscription } from '@app/contracts/render/subscription.render';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { ReadModels } from '../event-sourcing/reading/read-models';

/** The 404 of a subscription that does not exist, was deleted, or belongs to another workspace. */
export const subscriptionNotFound = () => new ApiError('not_found', 'The subscription you requested was not found.');

/** Subscriptions of the caller's workspace, from the read model; other workspaces' are not found. */
@Injectable()
export class SubscriptionReader {
  constructor(private readonly readModels: ReadModels) {}

  async subscription(auth: AuthContext, subscriptionId: string): Promise<SubscriptionDocument> {
    const doc = await this.readModels.get<SubscriptionDocument>('subscriptions', subscriptionId);
    if (!doc || doc.workspaceId !== auth.workspace.sId) throw subscriptionNotFound();
    return doc;
  }

  /** The subscription as written by a command at `position` (read your writes). */
  async rendered(auth: AuthContext, subscriptionId: string, position: number | null): Promise<Subscription> {
    if (position !== null) await this.readModels.waitFor(position);
    return renderSubscription(await this.subscription(auth, subscriptionId));
  }
}
