import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { extractJson } from './json.extractor';

const context = { limits: DEFAULT_EXTRACTION_LIMITS };

describe('JSON extraction', () => {
  it('pretty-prints valid JSON (a byte order mark is dropped)', async () => {
    const { text } = await extractJson(Buffer.from('\uFEFF{"name":"Ada","tags":["a","b"],"nested":{"ok":true}}'), context);
    expect(text).toBe('{\n  "name": "Ada",\n  "tags": [\n    "a",\n    "b"\n  ],\n  "nested": {\n    "ok": true\n  }\n}');
  });

  it('refuses invalid JSON with the parser\'s reason', async () => {
    await expect(extractJson(Buffer.from('{"a": }'), context)).rejects.toThrow('not valid JSON');
  });

  it('refuses nesting past the limit without parsing, however deep', async () => {
    const atLimit = Buffer.from(`${'['.repeat(64)}${']'.repeat(64)}`);
    await expect(extractJson(atLimit, context)).resolves.toEqual({ text: expect.any(String) });
    const deep = Buffer.from(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    await expect(extractJson(deep, context)).rejects.toThrow('nested deeper than 64 levels');
  });
});
