/** Name of the stream of `id` in a stream category: `<category>-<id>`. */
export function streamNameOf(category: string, id: string): string {
  return `${category}-${id}`;
}

/** The id in a stream name of `category`, or null when the stream belongs to another category. */
export function streamIdOf(category: string, streamName: string): string | null {
  const prefix = `${category}-`;
  return streamName.startsWith(prefix) ? streamName.slice(prefix.length) : null;
}
