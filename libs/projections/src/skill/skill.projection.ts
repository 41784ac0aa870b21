import { isSkillEvent, SKILL_EVENT_TYPES } from '@app/contracts/events/skill.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { SkillDocument, SkillVersionDocument } from '@app/contracts/read-models/skill.read-models';
import type { Projection } from '../projection';

/** Skills at their latest version, archived ones included (listed with `status=archived`). */
export const skillProjection: Projection<SkillDocument> = {
  ...READ_MODELS.skills,
  indexes: [{ equal: ['workspaceId'], sort: [{ field: 'createdAt', direction: 'asc' }] }, { equal: ['workspaceId', 'nameKey'] }],
  canHandle: SKILL_EVENT_TYPES,
  documentIds: (event) => (isSkillEvent(event) ? [event.data.skillId] : []),
  evolve(doc, event) {
    if (!isSkillEvent(event)) return doc;
    switch (event.type) {
      case 'SkillCreated': {
        const { workspaceId, skillId, version, status, definition, by, at } = event.data;
        return {
          id: event.position,
          sId: skillId,
          workspaceId,
          version,
          status,
          savedStatus: status,
          nameKey: definition.name.toLowerCase(),
          definition,
          createdBy: by,
          createdAt: at,
          updatedBy: by,
          updatedAt: at,
        };
      }
      case 'SkillUpdated': {
        const { version, status, definition, by, at } = event.data;
        return doc && { ...doc, version, status, savedStatus: status, nameKey: definition.name.toLowerCase(), definition, updatedBy: by, updatedAt: at };
      }
      case 'SkillArchived':
        return doc && { ...doc, status: 'archived', updatedBy: event.data.by, updatedAt: event.data.at };
      case 'SkillRestored':
        return doc && { ...doc, status: doc.savedStatus, updatedBy: event.data.by, updatedAt: event.data.at };
      default:
        return doc;
    }
  },
};

/** Every saved version of every skill, for the history route. */
export const skillVersionProjection: Projection<SkillVersionDocument> = {
  ...READ_MODELS.skillVersions,
  indexes: [{ equal: ['skillId'], sort: [{ field: 'version', direction: 'desc' }] }],
  canHandle: ['SkillCreated', 'SkillUpdated'],
  documentIds: (event) => (event.type === 'SkillCreated' || event.type === 'SkillUpdated') && isSkillEvent(event) && 'version' in event.data ? [`${event.data.skillId}:${event.data.version}`] : [],
  evolve(doc, event) {
    if (!isSkillEvent(event) || (event.type !== 'SkillCreated' && event.type !== 'SkillUpdated')) return doc;
    const { workspaceId, skillId, version, status, definition, by, at } = event.data;
    return { id: `${skillId}:${version}`, skillId, workspaceId, version, status, definition, savedBy: by, savedAt: at };
  },
};
