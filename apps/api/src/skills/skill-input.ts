import type { SkillPatchDto } from '@app/contracts/http/skill.dto';
import type { SkillDefinition } from '@app/contracts/events/skill.events';
import type { SkillInput } from './skill-writer';

const EMPTY: SkillDefinition = {
  name: '',
  agentFacingDescription: '',
  userFacingDescription: '',
  instructions: '',
  icon: null,
  mcpServerViewIds: [],
  dataSourceViewIds: [],
  fileIds: [],
  editorIds: [],
  requestedSpaceIds: [],
};

/** The definition a body describes: each field it sends replaces the one of `base` (a new skill starts empty). */
export function skillInputOf(body: SkillPatchDto, base: SkillDefinition = EMPTY): SkillInput {
  return {
    name: body.name ?? base.name,
    agentFacingDescription: body.agentFacingDescription ?? base.agentFacingDescription,
    userFacingDescription: body.userFacingDescription === undefined ? base.userFacingDescription : (body.userFacingDescription ?? ''),
    instructions: body.instructions ?? base.instructions,
    icon: body.icon === undefined ? base.icon : body.icon,
    mcpServerViewIds: body.tools ? body.tools.map((tool) => tool.mcpServerViewId) : base.mcpServerViewIds,
    dataSourceViewIds: body.dataSourceViewIds ?? base.dataSourceViewIds,
    fileIds: body.fileIds ?? base.fileIds,
    editorIds: body.editorIds ?? base.editorIds,
    requestedSpaceIds: body.requestedSpaceIds ?? base.requestedSpaceIds,
  };
}

export { EMPTY as EMPTY_SKILL_DEFINITION };
