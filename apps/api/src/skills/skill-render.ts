import type { SkillConfiguration } from '@app/contracts/http/skill.types';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { SkillDefinition } from '@app/contracts/events/skill.events';
import type { SkillDocument, SkillStatus } from '@app/contracts/read-models/skill.read-models';

/** What a rendering needs besides the definition. */
export interface SkillRenderFacts {
  readonly id: number;
  readonly sId: string;
  readonly version: number;
  readonly status: SkillStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly authorId: string | null;
  readonly canWrite: boolean;
}

/** A skill as the API answers it; attached files are named when they still exist. */
export function renderSkill(facts: SkillRenderFacts, definition: SkillDefinition, files: ReadonlyMap<string, FileDocument>): SkillConfiguration {
  return {
    ...facts,
    name: definition.name,
    agentFacingDescription: definition.agentFacingDescription,
    userFacingDescription: definition.userFacingDescription,
    instructions: definition.instructions,
    icon: definition.icon,
    tools: definition.mcpServerViewIds.map((mcpServerViewId) => ({ mcpServerViewId })),
    dataSourceViewIds: [...definition.dataSourceViewIds],
    fileAttachments: definition.fileIds.map((fileId) => {
      const file = files.get(fileId);
      return { fileId, fileName: file?.fileName ?? null, contentType: file?.contentType ?? null };
    }),
    editorIds: [...definition.editorIds],
    requestedSpaceIds: [...definition.requestedSpaceIds],
  };
}

export function factsOf(doc: SkillDocument, canWrite: boolean): SkillRenderFacts {
  return { id: doc.id, sId: doc.sId, version: doc.version, status: doc.status, createdAt: doc.createdAt, updatedAt: doc.updatedAt, authorId: doc.createdBy, canWrite };
}
