import type { ToolStakeSettings } from '@app/contracts/events/tool-approval.events';
import { useId } from 'react';
import { stakeOf, withStake, withTool, type StakeChoice } from './agent-tool-choices';
import styles from './agents.module.css';
import type { AgentResources, ServerChoice } from './use-agent-resources';

interface ResourceFieldsProps {
  readonly resources: AgentResources;
  readonly toolset: readonly string[];
  readonly toolStakes: ToolStakeSettings;
  readonly onToolset: (toolset: string[]) => void;
  readonly onStakes: (stakes: ToolStakeSettings) => void;
}

/**
 * What the agent may use: the knowledge it searches, the tables it queries, the MCP servers it
 * calls with their stakes. A choice the person cannot see (another builder's restricted space)
 * stays in the toolset untouched.
 */
export function AgentResourceFields({ resources, toolset, toolStakes, onToolset, onStakes }: ResourceFieldsProps) {
  if (resources.status !== 'ready') {
    return resources.status === 'loading' ? (
      <p role="status" className="muted">
        Loading knowledge, tables and tools…
      </p>
    ) : (
      <p role="alert" className="alert">
        Knowledge, tables and tools could not be read: {resources.message}
      </p>
    );
  }
  const chosen = new Set(toolset);
  const toggle = (toolId: string) => (event: { target: { checked: boolean } }) => onToolset(withTool(toolset, toolId, event.target.checked));
  return (
    <>
      <fieldset className={styles.choices}>
        <legend>Knowledge</legend>
        <p className="field-hint">The data sources it searches to answer.</p>
        {resources.knowledge.length === 0 ? <p className="muted">No data source yet.</p> : null}
        {resources.knowledge.map((view) => (
          <label key={view.toolId} className={styles.choice}>
            <input type="checkbox" checked={chosen.has(view.toolId)} onChange={toggle(view.toolId)} />
            {view.name} <span className="muted">({view.spaceName})</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>Tables</legend>
        <p className="field-hint">The tables it may query with SQL.</p>
        {resources.tables.length === 0 ? <p className="muted">No table yet.</p> : null}
        {resources.tables.map((table) => (
          <label key={table.toolId} className={styles.choice}>
            <input type="checkbox" checked={chosen.has(table.toolId)} onChange={toggle(table.toolId)} />
            {table.name} <span className="muted">({table.dataSourceName})</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>Tools</legend>
        <p className="field-hint">MCP servers it may call. Stakes say when a call waits for a person: never, low (until always allowed), high (every time).</p>
        {resources.servers.length === 0 ? <p className="muted">No MCP server yet.</p> : null}
        {resources.servers.map((server) => (
          <ServerChoiceField
            key={server.toolId}
            server={server}
            chosen={chosen.has(server.toolId)}
            stakes={toolStakes}
            onChosen={toggle(server.toolId)}
            onStake={(kind, id, stake) => onStakes(withStake(toolStakes, kind, id, stake))}
          />
        ))}
      </fieldset>
    </>
  );
}

interface ServerChoiceProps {
  readonly server: ServerChoice;
  readonly chosen: boolean;
  readonly stakes: ToolStakeSettings;
  readonly onChosen: (event: { target: { checked: boolean } }) => void;
  readonly onStake: (kind: 'servers' | 'tools', id: string, stake: StakeChoice) => void;
}

function ServerChoiceField({ server, chosen, stakes, onChosen, onStake }: ServerChoiceProps) {
  return (
    <div className={styles.server}>
      <label className={styles.choice}>
        <input type="checkbox" checked={chosen} onChange={onChosen} />
        {server.name} <span className="muted">({server.spaceName})</span>
      </label>
      {chosen ? (
        <div className={styles.stakes}>
          <StakeSelect label={`Stakes of ${server.name}`} value={stakeOf(stakes, 'servers', server.serverId)} defaultLabel="Default" onChange={(stake) => onStake('servers', server.serverId, stake)} />
          {server.tools.map((tool) => (
            <StakeSelect
              key={tool.name}
              label={`Stakes of ${tool.name}`}
              value={stakeOf(stakes, 'tools', tool.name)}
              defaultLabel="As its server"
              onChange={(stake) => onStake('tools', tool.name, stake)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

const STAKE_LABELS: Readonly<Record<string, string>> = { never_ask: 'Never ask', low: 'Low', medium: 'Medium', high: 'High' };

function StakeSelect({ label, value, defaultLabel, onChange }: { readonly label: string; readonly value: StakeChoice; readonly defaultLabel: string; readonly onChange: (stake: StakeChoice) => void }) {
  const id = useId();
  // `medium` is kept when a version has it (set over HTTP), not offered otherwise.
  const offered = value === 'medium' ? ['never_ask', 'low', 'medium', 'high'] : ['never_ask', 'low', 'high'];
  return (
    <div className={styles.stake}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as StakeChoice)}>
        <option value="">{defaultLabel}</option>
        {offered.map((stake) => (
          <option key={stake} value={stake}>
            {STAKE_LABELS[stake]}
          </option>
        ))}
      </select>
    </div>
  );
}
