import { useId } from 'react';
import styles from './bar-chart.module.css';

/** One bar, in the chart's own units (the SVG's viewBox). */
export interface ChartBar {
  readonly date: string;
  readonly value: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Bars of a value per day as an image named `title` and described by the element `summaryId`
 * (a sentence saying what the bars show); each bar tells its day and value on hover.
 */
export function BarChart({ bars, width, height, title, summaryId, unit = '' }: {
  readonly bars: readonly ChartBar[];
  readonly width: number;
  readonly height: number;
  readonly title: string;
  readonly summaryId: string;
  readonly unit?: string;
}) {
  const titleId = useId();
  return (
    <svg className={styles.chart} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-labelledby={titleId} aria-describedby={summaryId}>
      <title id={titleId}>{title}</title>
      <line x1={0} y1={height - 0.5} x2={width} y2={height - 0.5} className={styles.axis} />
      {bars.map((bar) => (
        <rect key={bar.date} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className={styles.bar}>
          <title>{`${bar.date}: ${bar.value}${unit}`}</title>
        </rect>
      ))}
    </svg>
  );
}
