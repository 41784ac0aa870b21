/** A name that may be written `@name` in a text, and what it stands for. */
export interface MentionableName {
  readonly id: string;
  readonly type: 'agent' | 'user';
  readonly label: string;
}

/** Longest label looked for: longer ones are skipped rather than searched. */
const LABEL_MAX_LENGTH = 1000;

/** `:mention[name]{sId=…}` for an agent, `:mention_user[name]{sId=…}` for a member, as the real service writes them. */
export function serializeMention(mention: MentionableName): string {
  return mention.type === 'agent' ? `:mention[${mention.label}]{sId=${mention.id}}` : `:mention_user[${mention.label}]{sId=${mention.id}}`;
}

/**
 * Replaces each `@label` of `names` in `markdown` (any case) by its serialized mention: the `@` at
 * the start or after white space, the label followed by the end, white space or `.,!?;:`. Longer
 * labels go first, so `@AI Pro` is not read as `@AI`. Plain searches, no pattern built from a label.
 */
export function parseMentions(markdown: string, names: readonly MentionableName[]): string {
  const ordered = names.filter((n) => n.label.length > 0 && n.label.length <= LABEL_MAX_LENGTH).sort((a, b) => b.label.length - a.label.length);
  let text = markdown;
  for (const name of ordered) {
    const serialized = serializeMention(name);
    const needle = `@${name.label}`.toLowerCase();
    let lower = text.toLowerCase();
    let from = 0;
    for (let at = lower.indexOf(needle, from); at >= 0; at = lower.indexOf(needle, from)) {
      const end = at + needle.length;
      const before = at === 0 ? ' ' : lower.charAt(at - 1);
      const after = lower.charAt(end);
      if (!/\s/.test(before) || (after !== '' && !/[\s.,!?;:]/.test(after))) {
        from = at + 1;
        continue;
      }
      text = text.slice(0, at) + serialized + text.slice(end);
      lower = text.toLowerCase();
      from = at + serialized.length;
    }
  }
  return text;
}
