import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AgentSkillChecks } from '../agents/configurations/agent-skill-checks';
import { readerOf, SkillAccess } from './skill-access';

/**
 * Tells the agent configuration writes which skills exist: an agent saved with `skills` may carry
 * those its editor reads and that are not archived, as `POST …/agent_configurations/{aId}/skills` allows.
 */
@Injectable()
export class AgentSkillRegistration implements OnModuleInit {
  constructor(
    private readonly checks: AgentSkillChecks,
    private readonly access: SkillAccess,
  ) {}

  onModuleInit(): void {
    this.checks.register(async (auth, skillIds) => new Set((await this.access.readableActive(readerOf(auth), skillIds)).map((skill) => skill.sId)));
  }
}
