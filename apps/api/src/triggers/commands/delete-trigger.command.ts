import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { TriggerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { TriggerAccess } from '../trigger-access';

/** Deletes a trigger: its schedule stops and its hook answers 404; its history stays in the log. */
export class DeleteTriggerCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string,
    readonly triggerId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteTriggerCommand)
export class DeleteTriggerHandler implements ICommandHandler<DeleteTriggerCommand> {
  constructor(
    private readonly access: TriggerAccess,
    private readonly writer: TriggerAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, agentId, triggerId }: DeleteTriggerCommand): Promise<SuccessResponse> {
    await this.access.trigger(auth, agentId, triggerId);
    const outcome = await this.writer.run(triggerId, { type: 'DeleteTrigger' }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { success: true };
  }
}
