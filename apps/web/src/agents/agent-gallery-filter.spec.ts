import { describe, expect, it } from '@jest/globals';
import { canBuildAgents, canSeeArchived, galleryAgents, matchesSearch, scopeLabel, statusNote, type GalleryAgent } from './agent-gallery-filter';

const agent = (sId: string, name: string, description: string, more: Partial<GalleryAgent> = {}): GalleryAgent => ({
  sId,
  name,
  description,
  pictureUrl: 'https://example.com/a.png',
  scope: 'visible',
  status: 'active',
  userFavorite: false,
  canEdit: true,
  ...more,
});

// In the api's order: dust first, then by name.
const AGENTS = [
  agent('dust', 'dust', 'Plans, searches and answers with company data', { scope: 'global', canEdit: false }),
  agent('a1', 'handbook', 'Answers questions about the handbook', { userFavorite: true }),
  agent('a2', 'planner', 'Plans the week from the team handbook'),
  agent('a3', 'Reviewer', 'Reads pull requests'),
];

const names = (agents: readonly GalleryAgent[]) => agents.map((each) => each.name);

describe("the agent gallery's filter", () => {
  it('matches every word of the search in the name or the description, in any case', () => {
    expect(matchesSearch(AGENTS[3]!, 'review')).toBe(true);
    expect(matchesSearch(AGENTS[3]!, 'PULL reviewer')).toBe(true);
    expect(matchesSearch(AGENTS[3]!, 'pull handbook')).toBe(false);
    expect(matchesSearch(AGENTS[3]!, '   ')).toBe(true);
  });

  it("keeps the api's order without a search, and puts name matches before description matches while searching", () => {
    expect(names(galleryAgents(AGENTS, { search: '', favoritesOnly: false }))).toEqual(['dust', 'handbook', 'planner', 'Reviewer']);
    expect(names(galleryAgents(AGENTS, { search: 'handbook', favoritesOnly: false }))).toEqual(['handbook', 'planner']);
    expect(names(galleryAgents(AGENTS, { search: 'the', favoritesOnly: false }))).toEqual(['handbook', 'planner']);
    expect(names(galleryAgents(AGENTS, { search: 'plan', favoritesOnly: false }))).toEqual(['planner', 'dust']);
  });

  it('shows the favourites only when asked, the search still applying', () => {
    expect(names(galleryAgents(AGENTS, { search: '', favoritesOnly: true }))).toEqual(['handbook']);
    expect(names(galleryAgents(AGENTS, { search: 'planner', favoritesOnly: true }))).toEqual([]);
  });

  it('says where an agent comes from and when it is not simply usable', () => {
    expect(['global', 'visible', 'hidden'].map(scopeLabel)).toEqual(['Built in', 'Workspace', 'Hidden: its editors only']);
    expect(statusNote('active')).toBeNull();
    expect(['archived', 'draft', 'disabled_by_admin'].map(statusNote)).toEqual(['Archived', 'Draft', 'Off: the workspace does not allow its model']);
  });

  it('lets builders and admins build, and admins alone see the archived agents, as the api does', () => {
    expect((['admin', 'builder', 'user'] as const).map(canBuildAgents)).toEqual([true, true, false]);
    expect((['admin', 'builder', 'user'] as const).map(canSeeArchived)).toEqual([true, false, false]);
  });
});
