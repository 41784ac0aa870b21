import type { WorkspaceResponse } from '@app/contracts/http/workspace.types';
import { useState } from 'react';
import styles from './administration.module.css';
import { SettingsForm } from './settings-form';

/** Whether the workspace keeps to the models served from the deployment's region. */
export function RegionalSetting({ wId, workspace, region, onSaved }: { readonly wId: string; readonly workspace: WorkspaceResponse; readonly region: string; readonly onSaved: () => void }) {
  const [regional, setRegional] = useState(workspace.regionalModelsOnly);
  return (
    <SettingsForm wId={wId} title="Regional setting" titleId="regional-setting" onSaved={onSaved} update={() => ({ regionalModelsOnly: regional })}>
      <p className="muted">This deployment runs in {region}.</p>
      <div className={styles.checks}>
        <label>
          <input type="checkbox" checked={regional} onChange={(event) => setRegional(event.target.checked)} /> Regional models only (models served from {region})
        </label>
      </div>
    </SettingsForm>
  );
}
