import type { ToolCallRequest, ToolCallResult, ToolContext, ToolDefinition, ToolRegistry } from './tool-registry.port';

/**
 * Several registries seen as one. `listTools` remembers which registry offered each name, and
 * `callTool` routes there; when two registries offer the same name, the first registered wins
 * (the model must see unique names). One instance per run: the routing is the run's.
 */
export class CompositeToolRegistry implements ToolRegistry {
  private readonly routes = new Map<string, ToolRegistry>();
  private readonly definitions = new Map<string, ToolDefinition>();

  constructor(private readonly registries: readonly ToolRegistry[]) {}

  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    const lists = await Promise.all(this.registries.map((registry) => registry.listTools(ctx)));
    const definitions: ToolDefinition[] = [];
    this.routes.clear();
    this.definitions.clear();
    lists.forEach((list, index) => {
      for (const definition of list) {
        if (this.routes.has(definition.name)) continue;
        this.routes.set(definition.name, this.registries[index]);
        this.definitions.set(definition.name, definition);
        definitions.push(definition);
      }
    });
    return definitions;
  }

  /** The definition the last `listTools` offered under this name. */
  definition(name: string): ToolDefinition | undefined {
    return this.definitions.get(name);
  }

  async callTool(call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const registry = this.routes.get(call.name);
    if (!registry) {
      const message = `No tool named ${call.name}.`;
      return { ok: false, output: [{ type: 'text', text: message }], error: { code: 'tool_not_found', message } };
    }
    return registry.callTool(call, ctx, signal);
  }
}
