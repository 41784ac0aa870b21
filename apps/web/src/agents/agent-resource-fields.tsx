import type { ToolStakeSettings } from '@app/contracts/events/tool-approval.events';
import { useId } from 'react';
import { ASK_USER_QUESTION_TOOL_ID, stakeOf, withStake, withTool, type StakeChoice } from './agent-tool-choices';
import styles from './agents.module.css';
import { ReadPending } from './read-pending';
import type { AgentResources, ServerChoice, SkillChoice } from './use-agent-resources';

interface ResourceFieldsProps {
  readonly resources: AgentResources;
  readonly toolset: readonly string[];
  readonly toolStakes: ToolStakeSettings;
  readonly onToolset: (toolset: string[]) => void;
  readonly onStakes: (stakes: ToolStakeSettings) => void;
  /** The sIds of the skills the agent carries. */
  readonly skills: readonly string[];
  readonly onSkills: (skills: string[]) => void;
}

/**
 * What the agent may use: the skills it carries, the knowledge it searches, the tables it queries,
 * the MCP servers it calls with their stakes. A choice the person cannot see (another builder's
 * restricted space, a skill they do not read) stays in the toolset or the skills untouched.
 */
export function AgentResourceFields({ resources, toolset, toolStakes, onToolset, onStakes, skills, onSkills }: ResourceFieldsProps) {
  if (resources.status !== 'ready') return <ReadPending read={resources} prefix="Knowledge, tables and tools could not be read: " />;
  const chosen = new Set(toolset);
  const toggle = (toolId: string) => (event: { target: { checked: boolean } }) => onToolset(withTool(toolset, toolId, event.target.checked));
  return (
    <>
      <SkillChoices choices={resources.skills} chosen={skills} onChange={onSkills} />
      <ChoiceList
        legend="Knowledge"
        hint="The data sources it searches to answer."
        none="No data source yet."
        choices={resources.knowledge.map((view) => ({ toolId: view.toolId, name: view.name, where: view.spaceName }))}
        chosen={chosen}
        onToggle={toggle}
      />
      <ChoiceList
        legend="Tables"
        hint="The tables it may query with SQL."
        none="No table yet."
        choices={resources.tables.map((table) => ({ toolId: table.toolId, name: table.name, where: table.dataSourceName }))}
        chosen={chosen}
        onToggle={toggle}
      />
      <fieldset className={styles.choices}>
        <legend>Tools</legend>
        <p className="field-hint">MCP servers it may call. Stakes say when a call waits for a person: never, low (until always allowed), high (every time).</p>
        {/* Built in, so offered whatever the servers: the run waits for the answer as it waits for an approval. */}
        <label className={styles.choice}>
          <input type="checkbox" checked={chosen.has(ASK_USER_QUESTION_TOOL_ID)} onChange={toggle(ASK_USER_QUESTION_TOOL_ID)} />
          Ask the person questions while it runs
        </label>
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

interface ChoiceListProps {
  readonly legend: string;
  readonly hint: string;
  /** What shows when there is nothing to choose. */
  readonly none: string;
  /** Each choice with where it lives (its space, its data source). */
  readonly choices: readonly { readonly toolId: string; readonly name: string; readonly where: string }[];
  readonly chosen: ReadonlySet<string>;
  readonly onToggle: (toolId: string) => (event: { target: { checked: boolean } }) => void;
}

/** A checkbox per toolset entry on offer, named by the entry and where it lives. */
function ChoiceList({ legend, hint, none, choices, chosen, onToggle }: ChoiceListProps) {
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      <p className="field-hint">{hint}</p>
      {choices.length === 0 ? <p className="muted">{none}</p> : null}
      {choices.map((choice) => (
        <label key={choice.toolId} className={styles.choice}>
          <input type="checkbox" checked={chosen.has(choice.toolId)} onChange={onToggle(choice.toolId)} />
          {choice.name} <span className="muted">({choice.where})</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A checkbox per active skill, named by the skill; unchecking keeps the other skills in their order. */
function SkillChoices({ choices, chosen, onChange }: { readonly choices: readonly SkillChoice[]; readonly chosen: readonly string[]; readonly onChange: (skills: string[]) => void }) {
  const toggle = (sId: string) => (event: { target: { checked: boolean } }) =>
    onChange(event.target.checked ? [...chosen.filter((each) => each !== sId), sId] : chosen.filter((each) => each !== sId));
  return (
    <fieldset className={styles.choices}>
      <legend>Skills</legend>
      <p className="field-hint">Bundles of instructions, tools and files it carries into every conversation.</p>
      {choices.length === 0 ? <p className="muted">No skill yet.</p> : null}
      {choices.map((skill) => (
        <label key={skill.sId} className={styles.choice}>
          <input type="checkbox" checked={chosen.includes(skill.sId)} onChange={toggle(skill.sId)} />
          {skill.name} {skill.description === '' ? null : <span className="muted">({skill.description})</span>}
        </label>
      ))}
    </fieldset>
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
