import type { AgentConfigurationListItem } from '@app/contracts/http/agent-configuration.types';
import type { AgentMention } from '@app/contracts/http/conversation.types';

// How the composer reads mentions in a text: the `@…` being typed, the agents it may be, and the
// agents a finished text mentions. Plain functions, for the spec.

/** An agent a message may mention, as the composer offers it. */
export type MentionableAgent = Pick<AgentConfigurationListItem, 'sId' | 'name' | 'description' | 'pictureUrl'>;

/** The `@…` being typed just before the caret: where it starts, and what follows the @. */
export interface MentionQuery {
  readonly start: number;
  readonly query: string;
}

/** Most agents offered at once: typing narrows them. */
export const MOST_OPTIONS = 8;

/** The `@word` that ends right at the caret, started at the text's start or after a space. */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (match === null) return null;
  return { start: match.index + match[1]!.length, query: match[2]! };
}

/** The agents whose names start with the query, then those that contain it, at most MOST_OPTIONS. */
export function matchingAgents(agents: readonly MentionableAgent[], query: string): MentionableAgent[] {
  const needle = query.toLowerCase();
  const starting = agents.filter((agent) => agent.name.toLowerCase().startsWith(needle));
  const containing = agents.filter((agent) => !agent.name.toLowerCase().startsWith(needle) && agent.name.toLowerCase().includes(needle));
  return [...starting, ...containing].slice(0, MOST_OPTIONS);
}

/** The agents a message's text mentions (`@name`, any case, followed by a space, punctuation or the end), as the api takes them. */
export function mentionsIn(text: string, agents: readonly MentionableAgent[]): AgentMention[] {
  const mentioned = agents.filter((agent) => mentionPattern(agent.name).test(text));
  return [...new Set(mentioned.map((agent) => agent.sId))].map((configurationId) => ({ configurationId }));
}

/** Where `@name` stands in a text (any case; after a space or at the start, before a space, punctuation or the end). */
export function mentionPattern(name: string): RegExp {
  return new RegExp(`(^|\\s)@${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\s.,;:!?)])`, 'i');
}

/** Whether a picture may be shown here: the page loads images from this server only (data: URLs, our own paths). */
export function isLocalPicture(url: string): boolean {
  return url.startsWith('data:image/') || (url.startsWith('/') && !url.startsWith('//'));
}
