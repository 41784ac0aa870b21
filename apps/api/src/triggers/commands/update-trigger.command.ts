import type { TriggerEnvelope } from '@app/contracts/http/trigger.types';
import type { TriggerInputDto } from '@app/contracts/http/trigger.dto';
import type { TriggerDocument } from '@app/contracts/read-models/trigger.read-models';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { TriggerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { TriggerAccess } from '../trigger-access';
import { renderTrigger } from '../trigger-render';
import { TriggerSecrets } from '../trigger-secrets';
import { settingsFromInput } from '../trigger-settings-input';

/** Replaces a trigger's settings (its kind stays; a webhook keeps its URL, and its signing secret unless one is given). */
export class UpdateTriggerCommand extends Command<TriggerEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string,
    readonly triggerId: string,
    readonly input: TriggerInputDto,
  ) {
    super();
  }
}

@CommandHandler(UpdateTriggerCommand)
export class UpdateTriggerHandler implements ICommandHandler<UpdateTriggerCommand> {
  constructor(
    private readonly access: TriggerAccess,
    private readonly secrets: TriggerSecrets,
    private readonly writer: TriggerAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, agentId, triggerId, input }: UpdateTriggerCommand): Promise<TriggerEnvelope> {
    await this.access.trigger(auth, agentId, triggerId);
    const outcome = await this.writer.run(triggerId, (state) => ({ type: 'UpdateTrigger', settings: settingsFromInput(input, state.trigger?.settings ?? null, this.secrets).settings }), auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const doc = (await this.readModels.get<TriggerDocument>('triggers', triggerId)) as TriggerDocument;
    return { trigger: renderTrigger(doc, auth.user?.sId ?? null, Date.now()) };
  }
}
