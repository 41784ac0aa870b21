import { Module } from '@nestjs/common';
import { AgentDirectoryModule } from '../agents/directory/agent-directory.module';
import { CLOCK, clockOf } from '../common/clock';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { CreateTriggersHandler } from './commands/create-triggers.command';
import { DeleteTriggerHandler } from './commands/delete-trigger.command';
import { ReceiveWebhookHandler } from './commands/receive-webhook.command';
import { RedriveWebhookRequestsHandler } from './commands/redrive-webhook-requests.command';
import { UpdateTriggerHandler } from './commands/update-trigger.command';
import { PublicTriggersController } from './public-triggers.controller';
import { GetTriggerHandler, ListTriggersHandler, ListWebhookRequestsHandler } from './queries/trigger.queries';
import { TriggerAccess } from './trigger-access';
import { TriggerFiring } from './trigger-firing';
import { TriggerScheduler } from './trigger-scheduler';
import { TriggerSecrets } from './trigger-secrets';
import { TriggersController } from './triggers.controller';

/**
 * Triggers: an agent run on a schedule (claimed once per instant across replicas) or on a signed
 * webhook (every delivery stored with its outcome, re-drivable), in a new unlisted conversation
 * started as the trigger's editor.
 */
@Module({
  imports: [AgentDirectoryModule],
  controllers: [TriggersController, PublicTriggersController],
  providers: [
    { provide: CLOCK, useFactory: (config: ApiConfig) => clockOf(config.triggers.testClockFile), inject: [API_CONFIG] },
    TriggerAccess,
    TriggerSecrets,
    TriggerFiring,
    TriggerScheduler,
    CreateTriggersHandler,
    UpdateTriggerHandler,
    DeleteTriggerHandler,
    ReceiveWebhookHandler,
    RedriveWebhookRequestsHandler,
    ListTriggersHandler,
    GetTriggerHandler,
    ListWebhookRequestsHandler,
  ],
})
export class TriggersModule {}
