import type { SkillConfigurationEnvelope } from '@app/contracts/http/skill.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { SkillAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { SkillAccess } from '../skill-access';
import { SkillReader } from '../skill-reader';

/**
 * An admin or editor archives a skill (`DELETE`): agents and conversations stop using it, and its
 * name is free again; or restores it, back to the status of its last version. Both are idempotent.
 */
export class ChangeSkillArchiveCommand extends Command<SkillConfigurationEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly skillId: string,
    readonly change: 'archive' | 'restore',
  ) {
    super();
  }
}

@CommandHandler(ChangeSkillArchiveCommand)
export class ChangeSkillArchiveHandler implements ICommandHandler<ChangeSkillArchiveCommand> {
  constructor(
    private readonly access: SkillAccess,
    private readonly skills: SkillAggregateWriter,
    private readonly reader: SkillReader,
  ) {}

  async execute({ auth, skillId, change }: ChangeSkillArchiveCommand): Promise<SkillConfigurationEnvelope> {
    const doc = await this.access.writable(auth, skillId);
    if (change === 'restore' && doc.status === 'archived') {
      const rival = await this.reader.activeNamed(auth.workspace.sId, doc.definition.name);
      if (rival) throw new ApiError('invalid_request_error', `A skill named "${doc.definition.name}" already exists; rename it before restoring this one.`);
    }
    const by = auth.user?.sId ?? null;
    const { position } = await this.skills.run(skillId, change === 'archive' ? { type: 'ArchiveSkill', by } : { type: 'RestoreSkill', by }, auth);
    return { skillConfiguration: await this.reader.rendered(auth, skillId, position) };
  }
}
