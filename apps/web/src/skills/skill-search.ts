/** Whether a skill matches what the person typed: every word, in its name or description, in any case. */
export function matchesSearch(skill: { readonly name: string; readonly userFacingDescription: string; readonly agentFacingDescription?: string }, search: string): boolean {
  const text = `${skill.name} ${skill.userFacingDescription} ${skill.agentFacingDescription ?? ''}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => text.includes(word));
}
