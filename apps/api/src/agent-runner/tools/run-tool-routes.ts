import type { JsonSchemaObject, ToolDefinition } from './tool-registry.port';

/** Runs whose routes are remembered; older ones are dropped (a run lists its tools once, at its start). */
const MAX_REMEMBERED_RUNS = 1_000;

/** Tool names a model provider accepts. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Where each tool a registry offered to a run leads, by agent message: `listTools` records the
 * routes of the run, `callTool` looks the model's tool name up there.
 */
export class RunToolRoutes<Route> {
  private readonly runs = new Map<string, Map<string, Route>>();

  remember(agentMessageId: string, routes: Map<string, Route>): void {
    this.runs.delete(agentMessageId);
    this.runs.set(agentMessageId, routes);
    if (this.runs.size > MAX_REMEMBERED_RUNS) {
      const oldest = this.runs.keys().next().value;
      if (oldest !== undefined) this.runs.delete(oldest);
    }
  }

  route(agentMessageId: string, toolName: string): Route | undefined {
    return this.runs.get(agentMessageId)?.get(toolName);
  }
}

/**
 * The tools one run is offered by a registry, as it lists them: each gets a provider-safe name
 * unique in the listing, the route its calls take, and its definition for the model.
 */
export class RunToolListing<Route> {
  readonly routes = new Map<string, Route>();
  readonly definitions: ToolDefinition[] = [];

  add(tool: { readonly name: string; readonly inputSchema: object }, route: Route, definition: Omit<ToolDefinition, 'name' | 'inputSchema'>): void {
    const name = uniqueToolName(tool.name, this.routes);
    this.routes.set(name, route);
    this.definitions.push({ ...definition, name, inputSchema: { ...tool.inputSchema, type: 'object' } as JsonSchemaObject });
  }
}

/** A provider-safe name for a tool, unique among those already routed (`name`, `name_2`, …). */
export function uniqueToolName(toolName: string, taken: ReadonlyMap<string, unknown>): string {
  const base = TOOL_NAME.test(toolName) ? toolName : toolName.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 60) || 'tool';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, 60)}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
