import type { TriggerListResponse } from '@app/contracts/http/trigger.types';
import type { TriggerInputDto } from '@app/contracts/http/trigger.dto';
import type { TriggerDocument } from '@app/contracts/read-models/trigger.read-models';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { newSId } from '../../common/ids';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { TriggerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { TriggerAccess } from '../trigger-access';
import { hookPath, renderTrigger } from '../trigger-render';
import { TriggerSecrets } from '../trigger-secrets';
import { settingsFromInput } from '../trigger-settings-input';

/** An editor of the agent (or an admin) creates triggers; each webhook trigger's URL is in the answer, once. */
export class CreateTriggersCommand extends Command<TriggerListResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string,
    readonly triggers: readonly TriggerInputDto[],
  ) {
    super();
  }
}

@CommandHandler(CreateTriggersCommand)
export class CreateTriggersHandler implements ICommandHandler<CreateTriggersCommand> {
  constructor(
    private readonly access: TriggerAccess,
    private readonly secrets: TriggerSecrets,
    private readonly writer: TriggerAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth, agentId, triggers }: CreateTriggersCommand): Promise<TriggerListResponse> {
    await this.access.agent(auth, agentId);
    const editor = this.access.editorOf(auth);
    // Every input is read before anything is written: one bad trigger refuses the whole request.
    const prepared = triggers.map((input) => ({ triggerId: `trg_${newSId()}`, ...settingsFromInput(input, null, this.secrets) }));
    const created = [];
    for (const { triggerId, settings, urlSecret } of prepared) {
      const outcome = await this.writer.run(triggerId, { type: 'CreateTrigger', workspaceId: auth.workspace.sId, agentConfigurationId: agentId, editor, settings }, auth);
      created.push({ triggerId, urlSecret, position: outcome.position });
    }
    const last = created.at(-1)?.position ?? null;
    if (last !== null) await this.readModels.waitFor(last);
    const now = Date.now();
    const views = [];
    for (const { triggerId, urlSecret } of created) {
      const doc = (await this.readModels.get<TriggerDocument>('triggers', triggerId)) as TriggerDocument;
      const url = urlSecret === null ? undefined : `${this.config.publicUrl}${hookPath(auth.workspace.sId, triggerId, urlSecret)}`;
      views.push(renderTrigger(doc, editor, now, url));
    }
    return { triggers: views };
  }
}
