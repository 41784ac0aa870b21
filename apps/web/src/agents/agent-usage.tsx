import type { AgentDailyUsage } from '@app/contracts/http/agent-daily-usage.types';
import { useEffect, useId, useState } from 'react';
import { BarChart } from '../ui/bar-chart';
import { errorMessage } from '../ui/error-message';
import styles from './agents.module.css';
import { ReadPending, type PendingRead } from './read-pending';
import { useAgentResourcesApi } from './use-agent-resources';
import { USAGE_MEASURES, usageBars, usageSummary, type UsageMeasure } from './usage-chart';

/** Days the chart covers. */
const USAGE_DAYS = 30;
const WIDTH = 600;
const HEIGHT = 120;

type UsageState = PendingRead | { readonly status: 'ready'; readonly days: readonly AgentDailyUsage[] };

/**
 * The agent's use per day over the last 30 days: bars of the measure chosen (messages,
 * conversations or members), described in a sentence, with every number in a table below.
 */
export function AgentUsage({ wId, agentId }: { readonly wId: string; readonly agentId: string }) {
  const api = useAgentResourcesApi();
  const headingId = useId();
  const [state, setState] = useState<UsageState>({ status: 'loading' });
  const [measure, setMeasure] = useState<UsageMeasure>('messageCount');
  useEffect(() => {
    const controller = new AbortController();
    api.dailyUsage(wId, agentId, USAGE_DAYS, { signal: controller.signal }).then(
      ({ days }) => setState({ status: 'ready', days }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [api, wId, agentId]);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Usage</h2>
      {state.status === 'ready' ? <UsageChart days={state.days} measure={measure} onMeasure={setMeasure} /> : <ReadPending read={state} />}
    </section>
  );
}

function UsageChart({ days, measure, onMeasure }: { readonly days: readonly AgentDailyUsage[]; readonly measure: UsageMeasure; readonly onMeasure: (measure: UsageMeasure) => void }) {
  const summaryId = useId();
  const label = USAGE_MEASURES.find((entry) => entry.measure === measure)?.label ?? '';
  return (
    <>
      <fieldset className={styles.measures}>
        <legend>Show</legend>
        {USAGE_MEASURES.map((entry) => (
          <label key={entry.measure} className={styles.choice}>
            <input type="radio" name="usage-measure" checked={measure === entry.measure} onChange={() => onMeasure(entry.measure)} />
            {entry.label}
          </label>
        ))}
      </fieldset>
      <p id={summaryId}>{usageSummary(days, measure)}</p>
      <BarChart bars={usageBars(days, measure, WIDTH, HEIGHT)} width={WIDTH} height={HEIGHT} title={`${label} per day`} summaryId={summaryId} />
      <details className={styles.usageTable}>
        <summary>Numbers per day</summary>
        <table>
          <caption>Use per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {USAGE_MEASURES.map((entry) => (
                <th key={entry.measure} scope="col">
                  {entry.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{day.messageCount}</td>
                <td>{day.conversationCount}</td>
                <td>{day.userCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
