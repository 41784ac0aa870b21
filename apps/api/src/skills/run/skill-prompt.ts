import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { SkillDocument } from '@app/contracts/read-models/skill.read-models';

/** The name of the tool through which an agent enables one of its skills. */
export const ENABLE_SKILL_TOOL = 'enable_skill';

/** An enabled skill as the model reads it: its instructions, and its files by id and name. */
export function enabledSkillSection(skill: SkillDocument, files: ReadonlyMap<string, FileDocument>): string {
  const { name, instructions, fileIds } = skill.definition;
  const named = fileIds.flatMap((fileId) => {
    const file = files.get(fileId);
    return file ? [`- ${file.fileName} (${fileId})`] : [];
  });
  const attached = named.length > 0 ? `\n\nFiles attached to this skill:\n${named.join('\n')}` : '';
  return `<skill name="${escapeAttribute(name)}">\n${instructions}${attached}\n</skill>`;
}

/** The system prompt section of the skills enabled in the conversation. */
export function enabledSkillsSection(sections: readonly string[]): string | null {
  return sections.length === 0 ? null : ['## Enabled skills', 'Follow the instructions of these skills when they apply.', ...sections].join('\n\n');
}

/** The skills the agent may enable, with what the model reads to choose. */
export function availableSkillsSection(skills: readonly SkillDocument[]): string | null {
  if (skills.length === 0) return null;
  const lines = skills.map((skill) => `- ${skill.definition.name}: ${skill.definition.agentFacingDescription || skill.definition.userFacingDescription}`);
  return ['## Available skills', `Call \`${ENABLE_SKILL_TOOL}\` with a skill's name to enable it when the task calls for it.`, ...lines].join('\n');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
