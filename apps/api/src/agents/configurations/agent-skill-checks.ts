import type { AgentAssistantDto } from '@app/contracts/http/agent-configuration.dto';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';

/** Answers the sIds among `skillIds` the caller may give an agent (readable by them, not archived). */
export type AgentSkillCheck = (auth: AuthContext, skillIds: readonly string[]) => Promise<ReadonlySet<string>>;

/**
 * The skills an `assistant` body names (`skills`, as the real product's builder sends them). The
 * skills feature registers its check at startup, so agents learn which skills exist without
 * depending on it; a skill the caller may not give an agent is a 400 naming it.
 */
@Injectable()
export class AgentSkillChecks {
  private check: AgentSkillCheck | null = null;

  register(check: AgentSkillCheck): void {
    this.check = check;
  }

  /** The skill sIds of the body, checked, once each; undefined when the body names none (a PATCH keeps the agent's). */
  async skillIdsOf(auth: AuthContext, assistant: AgentAssistantDto): Promise<string[] | undefined> {
    if (assistant.skills === undefined) return undefined;
    const ids = [...new Set(assistant.skills.map((skill) => (typeof skill === 'string' ? skill : skill.sId)))];
    if (ids.length === 0) return ids;
    const usable = this.check ? await this.check(auth, ids) : new Set<string>();
    const unknown = ids.find((id) => !usable.has(id));
    if (unknown !== undefined) throw new ApiError('invalid_request_error', `Invalid request body: assistant.skills names ${unknown}, which is not a skill you can give an agent.`);
    return ids;
  }
}
