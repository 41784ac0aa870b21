import type { SkillPatchDto } from '@app/contracts/http/skill.dto';
import type { SkillConfigurationEnvelope } from '@app/contracts/http/skill.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { SkillAccess } from '../skill-access';
import { skillInputOf } from '../skill-input';
import { SkillReader } from '../skill-reader';
import { SkillWriter } from '../skill-writer';

/** An admin or editor changes a skill: a new version with the whole new definition (none when nothing changed). */
export class UpdateSkillCommand extends Command<SkillConfigurationEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly skillId: string,
    readonly body: SkillPatchDto,
  ) {
    super();
  }
}

@CommandHandler(UpdateSkillCommand)
export class UpdateSkillHandler implements ICommandHandler<UpdateSkillCommand> {
  constructor(
    private readonly access: SkillAccess,
    private readonly writer: SkillWriter,
    private readonly reader: SkillReader,
  ) {}

  async execute({ auth, skillId, body }: UpdateSkillCommand): Promise<SkillConfigurationEnvelope> {
    const doc = await this.access.writable(auth, skillId);
    const position = await this.writer.update(auth, doc, skillInputOf(body, doc.definition), body.status ?? doc.savedStatus);
    return { skillConfiguration: await this.reader.rendered(auth, skillId, position) };
  }
}
