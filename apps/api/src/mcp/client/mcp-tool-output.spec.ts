import { toolCallResultOf } from './mcp-tool-output';

describe('tools/call results as the model and the recorded action see them', () => {
  it('keeps text, image, resource and resource link blocks, and notes audio', () => {
    const result = toolCallResultOf({
      content: [
        { type: 'text', text: 'Here.' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'contents' } },
        { type: 'resource_link', uri: 'file:///b.txt', name: 'b.txt', mimeType: 'text/plain' },
      ],
    });
    expect(result).toEqual({
      ok: true,
      output: [
        { type: 'text', text: 'Here.' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'text', text: '[audio: audio/wav]' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'contents' } },
        { type: 'resource_link', uri: 'file:///b.txt', name: 'b.txt', mimeType: 'text/plain' },
      ],
    });
  });

  it('adds structured content as JSON text only when no text block carries the answer', () => {
    expect(toolCallResultOf({ content: [], structuredContent: { sum: 3 } }).output).toEqual([{ type: 'text', text: '{"sum":3}' }]);
    expect(toolCallResultOf({ content: [{ type: 'text', text: '3' }], structuredContent: { sum: 3 } }).output).toEqual([{ type: 'text', text: '3' }]);
  });

  it('turns isError into a tool failure the model reads', () => {
    expect(toolCallResultOf({ content: [{ type: 'text', text: 'No such file.' }], isError: true })).toEqual({
      ok: false,
      output: [{ type: 'text', text: 'No such file.' }],
      error: { code: 'tool_error', message: 'No such file.' },
    });
    expect(toolCallResultOf({ content: [], isError: true }).error?.message).toBe('The tool reported an error.');
  });
});
