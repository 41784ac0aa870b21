import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { Route, Switch } from 'wouter';
import styles from '../administration/administration.module.css';
import { NotFoundPage } from '../not-found/not-found-page';
import { SectionNav } from '../ui/section-nav';
import { ImportSkillsPage } from './import-skills-page';
import { SkillEditorPage } from './skill-editor-page';
import { SkillPage } from './skill-page';
import { SkillsListPage } from './skills-list-page';

const SECTIONS = [
  { path: '/', label: 'Active' },
  { path: '/archived', label: 'Archived' },
  { path: '/import', label: 'Import' },
] as const;

/**
 * The skill screens, relative to `/w/:wId/skills` (wouter's nest): `/` the active skills,
 * `/archived` the archived ones, `/import` the import of a SKILL.md or a zip, `/new` a new skill,
 * `/s/:sId` a skill with its files and versions, `/s/:sId/edit` its editor. Admins and builders
 * create and import; the api says who may change a skill (`canWrite`).
 */
export function SkillScreens({ wId, role }: { readonly wId: string; readonly role: WorkspaceRole }) {
  const builder = role !== 'user';
  return (
    <div className={styles.area}>
      <SectionNav label="Skills" sections={builder ? SECTIONS : SECTIONS.slice(0, 2)} className={styles.sections} />
      <Switch>
        <Route path="/">
          <SkillsListPage key="active" wId={wId} status="active" builder={builder} />
        </Route>
        <Route path="/archived">
          <SkillsListPage key="archived" wId={wId} status="archived" builder={builder} />
        </Route>
        <Route path="/import">{builder ? <ImportSkillsPage wId={wId} /> : <NotFoundPage embedded />}</Route>
        <Route path="/new">{builder ? <SkillEditorPage wId={wId} sId={null} /> : <NotFoundPage embedded />}</Route>
        <Route path="/s/:sId/edit">{({ sId }) => <SkillEditorPage key={sId} wId={wId} sId={sId} />}</Route>
        <Route path="/s/:sId">{({ sId }) => <SkillPage key={sId} wId={wId} sId={sId} />}</Route>
        <Route>
          <NotFoundPage embedded />
        </Route>
      </Switch>
    </div>
  );
}
