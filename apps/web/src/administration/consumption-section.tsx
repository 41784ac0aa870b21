import { useId, useState } from 'react';
import { useApi } from '../api';
import { BarChart } from '../ui/bar-chart';
import { usageBars } from '../agents/usage-chart';
import styles from './administration.module.css';
import chart from './consumption.module.css';
import { consumptionDays, consumptionSummary, dollars, windowStart, type ConsumptionDay } from './consumption-chart';
import { LoadedPending, useLoaded } from './use-loaded';

/** Days the chart covers. */
const DAYS = 30;
const WIDTH = 600;
const HEIGHT = 120;

/**
 * The workspace's token use and cost per UTC day over the last 30 days, from the cost ledger's
 * roll-up by day: bars of tokens, a sentence, and every number in a table below.
 */
export function ConsumptionSection({ wId }: { readonly wId: string }) {
  const { workspaceSettings } = useApi();
  const headingId = useId();
  // The window is fixed when the page opens; a reload of the page moves it.
  const [now] = useState(() => Date.now());
  const rollUp = useLoaded((signal) => workspaceSettings.consumption(wId, { groupBy: 'day', from: windowStart(DAYS, now) }, { signal }));
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>Token use and cost</h2>
      {rollUp.loaded.status === 'ready' ? <ConsumptionChart days={consumptionDays(rollUp.loaded.value.groups, DAYS, now)} /> : <LoadedPending loaded={rollUp.loaded} />}
    </section>
  );
}

function ConsumptionChart({ days }: { readonly days: readonly ConsumptionDay[] }) {
  const summaryId = useId();
  // The agent usage chart's geometry, on tokens.
  const bars = usageBars(
    days.map((day) => ({ date: day.date, messageCount: day.tokens, conversationCount: 0, userCount: 0 })),
    'messageCount',
    WIDTH,
    HEIGHT,
  );
  return (
    <>
      <p id={summaryId}>{consumptionSummary(days)}</p>
      <BarChart bars={bars} width={WIDTH} height={HEIGHT} title="Tokens per day" summaryId={summaryId} unit=" tokens" />
      <details className={chart.table}>
        <summary>Numbers per day</summary>
        <table>
          <caption>Tokens and cost per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Tokens</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{day.tokens}</td>
                <td>{dollars(day.costCredits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
