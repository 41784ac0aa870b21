import { memo } from 'react';
import { outputOf, SEARCH_TOOL_NAME, type AgentStep, type AgentStepStatus, type FoundDocument } from './agent-step';
import styles from './agent-actions.module.css';
import { DocumentLink } from './document-link';

const STATUS_TEXT: Record<AgentStepStatus, string> = { running: 'Running…', done: 'Done', failed: 'Failed', denied: 'Declined' };
// A tool may answer with a report of hundreds of kilobytes: the step shows its beginning.
const SHOWN_CHARACTERS = 20_000;

/**
 * What an answer did before (or while) writing: each tool call folded, its name and state in view,
 * its inputs and output a click away. `awaiting` names the calls that wait for someone (their
 * approval, or their answer to the agent's question), each with the state to show meanwhile.
 */
export const AgentSteps = memo(function AgentSteps({ steps, awaiting }: { readonly steps: readonly AgentStep[]; readonly awaiting?: ReadonlyMap<string, string> }) {
  if (steps.length === 0) return null;
  return (
    <ul className={styles.steps} aria-label="Steps">
      {steps.map((step) => (
        <li key={step.id}>
          <StepView step={step} awaiting={awaiting?.get(step.id) ?? null} />
        </li>
      ))}
    </ul>
  );
});

function StepView({ step, awaiting }: { readonly step: AgentStep; readonly awaiting: string | null }) {
  const status = awaiting !== null && step.status === 'running' ? awaiting : STATUS_TEXT[step.status];
  const search = step.name === SEARCH_TOOL_NAME;
  return (
    <details className={styles.step}>
      <summary>
        <span className={styles.stepName}>{search ? 'Search' : step.name}</span>
        {step.serverName && !search ? <span className={styles.stepServer}> from {step.serverName}</span> : null}
        <span className={styles.stepStatus} data-status={step.status}>
          {' '}
          · {status}
        </span>
      </summary>
      {search ? <SearchStepBody step={step} /> : <ToolStepBody step={step} />}
    </details>
  );
}

function ToolStepBody({ step }: { readonly step: AgentStep }) {
  const { texts, documents } = outputOf(step.output);
  return (
    <div className={styles.stepBody}>
      <p className={styles.stepLabel}>Input</p>
      <pre className={styles.code}>{Object.keys(step.params).length === 0 ? 'None' : clipped(JSON.stringify(step.params, null, 2))}</pre>
      <p className={styles.stepLabel}>Output</p>
      {step.output === null ? <p className="muted">Not yet.</p> : null}
      {texts.map((text, index) => (
        <pre key={index} className={styles.code}>
          {clipped(text)}
        </pre>
      ))}
      <DocumentList documents={documents} />
    </div>
  );
}

/** A data source search: what was searched, and the documents found. */
function SearchStepBody({ step }: { readonly step: AgentStep }) {
  const query = typeof step.params.query === 'string' ? step.params.query : JSON.stringify(step.params);
  const { texts, documents } = outputOf(step.output);
  return (
    <div className={styles.stepBody}>
      <p>
        Searched for <q>{query}</q>
      </p>
      {step.output === null ? null : documents.length === 0 ? <p>{texts.join(' ') || 'No document found.'}</p> : <p>Found {documents.length === 1 ? '1 document' : `${documents.length} documents`}:</p>}
      <DocumentList documents={documents} />
    </div>
  );
}

function DocumentList({ documents }: { readonly documents: readonly FoundDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className={styles.documents} aria-label="Documents found">
      {documents.map((document, index) => (
        <li key={`${document.ref ?? ''}-${index}`}>
          <DocumentLink title={document.title} url={document.url} />
        </li>
      ))}
    </ul>
  );
}

function clipped(text: string): string {
  return text.length <= SHOWN_CHARACTERS ? text : `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length - SHOWN_CHARACTERS} more characters)`;
}
