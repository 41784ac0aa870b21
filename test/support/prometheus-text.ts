/** One sample of a Prometheus text exposition: `name{label="value",…} number`. */
export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the samples of a Prometheus text exposition (comments left out). */
export function parsePrometheusText(text: string): PromSample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line.trim());
    if (!match || line.startsWith('#')) return [];
    const [, name, labelText = '', value] = match;
    const labels = Object.fromEntries([...labelText.matchAll(LABEL)].map(([, key, raw]) => [key, raw.replace(/\\(.)/g, '$1')]));
    return [{ name, labels, value: Number(value) }];
  });
}

/** Samples of one metric whose labels include `labels`. */
export function samplesOf(samples: readonly PromSample[], name: string, labels: Record<string, string> = {}): PromSample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The value of the one sample of a metric with exactly these labels, or undefined. */
export function valueOf(samples: readonly PromSample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samplesOf(samples, name, labels).filter((sample) => Object.keys(sample.labels).length === Object.keys(labels).length);
  if (found.length > 1) throw new Error(`several samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** Scrapes GET /metrics of a running app. */
export async function scrapeMetrics(baseUrl: string, headers: Record<string, string> = {}): Promise<PromSample[]> {
  const response = await fetch(`${baseUrl}/metrics`, { headers });
  if (response.status !== 200) throw new Error(`GET /metrics: ${response.status} ${await response.text()}`);
  return parsePrometheusText(await response.text());
}
