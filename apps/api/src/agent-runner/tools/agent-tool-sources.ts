import { Injectable } from '@nestjs/common';
import type { ToolCallRequest, ToolCallResult, ToolContext, ToolDefinition, ToolRegistry } from './tool-registry.port';

/**
 * Where tool sources plug into agent runs: data source search, client-side MCP servers and any
 * in-process registry call `register` once at startup; every run then sees the tools of all of
 * them (each registry decides per run, from the ToolContext, which tools it offers).
 */
@Injectable()
export class AgentToolSources {
  private readonly registries: ToolRegistry[] = [];

  /** Adds a tool source for every later run; returns a function that removes it. */
  register(registry: ToolRegistry): () => void {
    this.registries.push(registry);
    return () => {
      const index = this.registries.indexOf(registry);
      if (index >= 0) this.registries.splice(index, 1);
    };
  }

  /** A registry for one run over the sources registered now. */
  forRun(): CompositeToolRegistry {
    return new CompositeToolRegistry([...this.registries]);
  }
}

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
