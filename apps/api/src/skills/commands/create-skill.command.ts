import type { CreateSkillDto } from '@app/contracts/http/skill.dto';
import type { SkillConfigurationEnvelope } from '@app/contracts/http/skill.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireBuilder } from '../../auth/roles';
import { skillInputOf } from '../skill-input';
import { SkillReader } from '../skill-reader';
import { SkillWriter } from '../skill-writer';

/** An admin or builder creates a skill (version 1); a builder becomes one of its editors. */
export class CreateSkillCommand extends Command<SkillConfigurationEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly body: CreateSkillDto,
  ) {
    super();
  }
}

@CommandHandler(CreateSkillCommand)
export class CreateSkillHandler implements ICommandHandler<CreateSkillCommand> {
  constructor(
    private readonly writer: SkillWriter,
    private readonly reader: SkillReader,
  ) {}

  async execute({ auth, body }: CreateSkillCommand): Promise<SkillConfigurationEnvelope> {
    requireBuilder(auth);
    const { skillId, position } = await this.writer.create(auth, skillInputOf(body), body.status ?? 'active');
    return { skillConfiguration: await this.reader.rendered(auth, skillId, position) };
  }
}
