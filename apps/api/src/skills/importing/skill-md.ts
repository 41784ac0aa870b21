import { SKILL_FIELD_BOUNDS } from '@app/contracts/http/skill.dto';

/** A `SKILL.md` read: its front matter's name and description, and the instructions below it. */
export interface ParsedSkillMd {
  readonly name: string;
  readonly description: string;
  readonly instructions: string;
}

/** A `SKILL.md` that is not in the Agent Skills format; the message says what is wrong (400). */
export class SkillMdError extends Error {}

const FENCE = /^---[ \t]*$/;
const KEY_LINE = /^([A-Za-z0-9_-]+):[ \t]*(.*)$/;
const BLOCK_SCALAR = /^[|>][+-]?$/;

/**
 * Reads a `SKILL.md` in the Agent Skills format: YAML front matter between `---` lines with `name`
 * and `description` (plain, quoted, or `|`/`>` block scalars; other keys such as `license` or
 * `metadata` are ignored), then the instructions. Only the subset of YAML the format uses is read:
 * anything else in `name` or `description` is refused rather than guessed at.
 */
export function parseSkillMd(text: string): ParsedSkillMd {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? '')) throw new SkillMdError('SKILL.md must start with YAML front matter between "---" lines.');
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end < 0) throw new SkillMdError('The front matter of SKILL.md is not closed by a "---" line.');
  const fields = frontMatterFields(lines.slice(1, end));
  const name = requiredField(fields, 'name', SKILL_FIELD_BOUNDS.name);
  const description = requiredField(fields, 'description', SKILL_FIELD_BOUNDS.description);
  const instructions = lines.slice(end + 1).join('\n').trim();
  if (instructions.length > SKILL_FIELD_BOUNDS.instructions) {
    throw new SkillMdError(`The instructions of SKILL.md are longer than ${SKILL_FIELD_BOUNDS.instructions} characters.`);
  }
  return { name, description, instructions };
}

function requiredField(fields: ReadonlyMap<string, string>, key: string, maxLength: number): string {
  const value = fields.get(key)?.trim() ?? '';
  if (value.length === 0) throw new SkillMdError(`The front matter of SKILL.md needs a non-empty "${key}".`);
  if (value.length > maxLength) throw new SkillMdError(`The "${key}" of SKILL.md is longer than ${maxLength} characters.`);
  return value;
}

/** Top-level scalar keys of the front matter; nested maps and lists are skipped. */
function frontMatterFields(lines: readonly string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (line.trim() === '' || line.trimStart().startsWith('#') || /^\s/.test(line)) continue;
    const match = KEY_LINE.exec(line);
    if (!match) throw new SkillMdError(`Line ${index + 2} of SKILL.md's front matter is not "key: value".`);
    const [, key, raw] = match;
    if (fields.has(key)) throw new SkillMdError(`The front matter of SKILL.md has "${key}" twice.`);
    const rest = raw.trim();
    if (BLOCK_SCALAR.test(rest)) {
      const block: string[] = [];
      while (index + 1 < lines.length && (lines[index + 1].trim() === '' || /^\s/.test(lines[index + 1]))) block.push(lines[(index += 1)].trim());
      fields.set(key, rest.startsWith('|') ? block.join('\n').trim() : block.join(' ').replace(/\s+/g, ' ').trim());
    } else {
      fields.set(key, scalarOf(rest, key));
    }
  }
  return fields;
}

const DOUBLE_QUOTED = /^("(?:[^"\\]|\\.)*")\s*(?:#.*)?$/;
const SINGLE_QUOTED = /^'((?:[^']|'')*)'\s*(?:#.*)?$/;

function scalarOf(raw: string, key: string): string {
  if (raw.startsWith('"')) {
    const quoted = DOUBLE_QUOTED.exec(raw);
    if (!quoted) throw new SkillMdError(`The "${key}" of SKILL.md has an unclosed quote.`);
    try {
      return JSON.parse(quoted[1]) as string;
    } catch {
      throw new SkillMdError(`The "${key}" of SKILL.md is not a valid double-quoted string.`);
    }
  }
  if (raw.startsWith("'")) {
    const quoted = SINGLE_QUOTED.exec(raw);
    if (!quoted) throw new SkillMdError(`The "${key}" of SKILL.md has an unclosed quote.`);
    return quoted[1].replace(/''/g, "'");
  }
  // Flow collections, anchors, tags and the like are not a name or a description.
  if (/^[[{&*!%@`|>]/.test(raw)) throw new SkillMdError(`The "${key}" of SKILL.md must be a plain or quoted string.`);
  // A plain scalar ends at a comment.
  return raw.replace(/\s+#.*$/, '');
}
