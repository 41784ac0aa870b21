import { parseSkillMd, SkillMdError } from './skill-md';

describe('parseSkillMd', () => {
  it('reads name, description and the instructions below the front matter', () => {
    const parsed = parseSkillMd('---\nname: release-notes\ndescription: "Writes release notes: grouped by area."\nlicense: MIT\nmetadata:\n  owner: docs\n---\n\n# Steps\nGroup by area.\n');
    expect(parsed).toEqual({ name: 'release-notes', description: 'Writes release notes: grouped by area.', instructions: '# Steps\nGroup by area.' });
  });

  it('reads block scalars, single quotes and comments the way YAML does', () => {
    expect(parseSkillMd("---\nname: 'it''s' # a comment\ndescription: >\n  Folded\n  text.\n---\nBody").description).toBe('Folded text.');
    expect(parseSkillMd("---\nname: 'it''s'\ndescription: |\n  one\n  two\n---\n").name).toBe("it's");
  });

  it.each([
    ['no front matter', '# Just markdown'],
    ['an unclosed front matter', '---\nname: x\ndescription: y\n'],
    ['a missing description', '---\nname: x\n---\nBody'],
    ['an empty name', '---\nname: ""\ndescription: y\n---\n'],
    ['a line that is not key: value', '---\nname: x\n- item\ndescription: y\n---\n'],
    ['a key given twice', '---\nname: x\nname: y\ndescription: z\n---\n'],
    ['an unclosed quote', '---\nname: "x\ndescription: y\n---\n'],
    ['a name past 64 characters', `---\nname: ${'n'.repeat(65)}\ndescription: y\n---\n`],
    ['instructions past 64,000 characters', `---\nname: x\ndescription: y\n---\n${'i'.repeat(64_001)}`],
  ])('refuses %s', (_, text) => {
    expect(() => parseSkillMd(text)).toThrow(SkillMdError);
  });
});
