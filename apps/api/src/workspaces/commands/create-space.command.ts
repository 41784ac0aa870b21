import type { CreateSpaceDto } from '@app/contracts/http/space.dto';
import type { SpaceResponse } from '@app/contracts/http/workspace.types';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { renderSpace } from '@app/contracts/render/workspace.render';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { newPrefixedId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** Creates a regular space or a project (admins only); answers with the space once it is readable. */
export class CreateSpaceCommand extends Command<{ space: SpaceResponse }> {
  constructor(
    readonly auth: AuthContext,
    readonly body: CreateSpaceDto,
  ) {
    super();
  }
}

@CommandHandler(CreateSpaceCommand)
export class CreateSpaceHandler implements ICommandHandler<CreateSpaceCommand> {
  constructor(
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, body }: CreateSpaceCommand): Promise<{ space: SpaceResponse }> {
    requireAdmin(auth);
    const spaceId = newPrefixedId('vlt');
    const outcome = await this.workspaces.run(
      auth.workspace.sId,
      {
        type: 'CreateSpace',
        spaceId,
        kind: body.spaceKind ?? 'regular',
        projectMetadataId: newPrefixedId('pmd'),
        name: body.name,
        isRestricted: body.isRestricted,
        memberIds: body.memberIds ?? [],
      },
      auth,
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const space = await this.readModels.get<SpaceDocument>('spaces', spaceId);
    if (!space) throw new Error(`space ${spaceId} is missing from its read model after its creation`);
    return { space: renderSpace(space) };
  }
}
