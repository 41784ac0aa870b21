import type { ToolCallRequest, ToolCallResult, ToolContext, ToolDefinition, ToolRegistry } from './tool-registry.port';

/** Runs one call of an in-process tool; a string is shorthand for one text block. */
export type StaticToolHandler = (
  input: unknown,
  options: { readonly call: ToolCallRequest; readonly context: ToolContext; readonly signal: AbortSignal },
) => Promise<ToolCallResult | string> | ToolCallResult | string;

/** A tool served from memory. */
export interface StaticTool {
  readonly definition: ToolDefinition;
  readonly handler: StaticToolHandler;
}

/** A registry of in-process tools, fixed at construction. */
export class StaticToolRegistry implements ToolRegistry {
  private readonly tools: ReadonlyMap<string, StaticTool>;

  constructor(tools: readonly StaticTool[]) {
    const byName = new Map<string, StaticTool>();
    for (const tool of tools) {
      if (byName.has(tool.definition.name)) throw new Error(`Duplicate tool name: ${tool.definition.name}`);
      byName.set(tool.definition.name, tool);
    }
    this.tools = byName;
  }

  async listTools(_ctx: ToolContext): Promise<ToolDefinition[]> {
    return [...this.tools.values()].map((tool) => tool.definition);
  }

  async callTool(call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const tool = this.tools.get(call.name);
    if (tool === undefined) {
      return failure('tool_not_found', `No tool named ${call.name}.`);
    }
    try {
      const result = await tool.handler(call.input, { call, context: ctx, signal });
      return typeof result === 'string' ? { ok: true, output: [{ type: 'text', text: result }] } : result;
    } catch (error) {
      // A handler's exception is the tool failing, which the model should hear about, not a broken registry.
      return failure('tool_execution_error', error instanceof Error ? error.message : String(error));
    }
  }
}

function failure(code: string, message: string): ToolCallResult {
  return { ok: false, output: [{ type: 'text', text: message }], error: { code, message } };
}
