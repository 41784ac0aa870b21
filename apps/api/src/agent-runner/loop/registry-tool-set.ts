import type { ToolSet } from 'ai';
import { aiSdk } from '../../common/ai-sdk';
import type { ToolCallRequest, ToolCallResult, ToolContext, ToolDefinition, ToolOutputBlock, ToolRegistry } from '../tools/tool-registry.port';

/** What the loop learns from executing one call, keyed by call id. */
export interface ToolExecution {
  readonly result: ToolCallResult;
  readonly durationMs: number;
}

/** Hooks through which tool execution reports to the loop. */
export interface ToolSetHooks {
  /** The step (0-based) the SDK is executing, for `ToolCallRequest.step`. */
  currentStep(): number;
  /** A call started / ended (successfully or not): the idle watchdog does not count tool time. */
  started(): void;
  ended(): void;
  succeeded(callId: string, execution: ToolExecution): void;
  /** The registry threw instead of returning a result: the run fails with `tool_error`. */
  registryFailed(call: ToolCallRequest, error: unknown): void;
}

/**
 * Exposes registry tools to the AI SDK: input schemas go to the model as-is, execution goes through
 * `callTool` with the run's signal, and the result reaches the model as text (or error text).
 */
export function buildRegistryToolSet(
  definitions: readonly ToolDefinition[],
  registry: ToolRegistry,
  context: ToolContext,
  signal: AbortSignal,
  hooks: ToolSetHooks,
): ToolSet {
  // Tool names come from registries that clients may feed (client-side MCP servers): collected in a
  // Map, then made own properties, so a tool named `__proto__` or `toString` is just a tool.
  const tools = new Map<string, ToolSet[string]>();
  const { jsonSchema, tool } = aiSdk();
  for (const definition of definitions) {
    if (tools.has(definition.name)) continue;
    tools.set(definition.name, tool({
      description: definition.description,
      inputSchema: jsonSchema<unknown>(definition.inputSchema),
      execute: async (input: unknown, { toolCallId }): Promise<ToolCallResult> => {
        const call: ToolCallRequest = { callId: toolCallId, name: definition.name, input, step: hooks.currentStep() };
        const startedAt = performance.now();
        hooks.started();
        try {
          const result = await registry.callTool(call, context, signal);
          hooks.succeeded(toolCallId, { result, durationMs: Math.round(performance.now() - startedAt) });
          return result;
        } catch (error) {
          hooks.registryFailed(call, error);
          throw error;
        } finally {
          hooks.ended();
        }
      },
      toModelOutput: ({ output }) =>
        output.ok
          ? { type: 'text', value: blocksToText(output.output) }
          : { type: 'error-text', value: output.error?.message ?? blocksToText(output.output) },
    }));
  }
  return Object.fromEntries(tools);
}

/** Flattens MCP-like blocks into the text a model reads. */
export function blocksToText(blocks: readonly ToolOutputBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text;
        case 'image':
          return `[image: ${block.mimeType}]`;
        case 'resource': {
          const text = block.resource.text;
          return typeof text === 'string' ? text : JSON.stringify(block.resource);
        }
        case 'resource_link':
          return `[${block.name}](${block.uri})`;
      }
    })
    .join('\n');
}
