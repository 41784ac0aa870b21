import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallResult, ToolOutputBlock } from '../../agent-runner';

type ContentBlock = CallToolResult['content'][number];

/** One MCP content block as an action output block (audio, which models here cannot hear, as a note). */
function outputBlockOf(block: ContentBlock): ToolOutputBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', data: block.data, mimeType: block.mimeType };
    case 'audio':
      return { type: 'text', text: `[audio: ${block.mimeType}]` };
    case 'resource':
      return { type: 'resource', resource: block.resource };
    case 'resource_link':
      return { type: 'resource_link', uri: block.uri, name: block.name, ...(block.mimeType ? { mimeType: block.mimeType } : {}) };
    default:
      return { type: 'text', text: JSON.stringify(block) };
  }
}

/**
 * A `tools/call` result as the model and the recorded action see it: content blocks kept, the
 * structured content added as JSON text when no text block carries it, `isError` a tool failure
 * the model reads (and may recover from).
 */
export function toolCallResultOf(result: CallToolResult): ToolCallResult {
  const output = result.content.map(outputBlockOf);
  if (result.structuredContent !== undefined && !output.some((block) => block.type === 'text')) {
    output.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  }
  if (result.isError === true) {
    const message = output.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n') || 'The tool reported an error.';
    return { ok: false, output, error: { code: 'tool_error', message } };
  }
  return { ok: true, output };
}

/** A failure of the call itself (no result): the model hears the message. */
export function toolFailure(code: string, message: string): ToolCallResult {
  return { ok: false, output: [{ type: 'text', text: message }], error: { code, message } };
}
