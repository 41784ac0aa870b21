import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { extractPlainText } from './plain-text.extractor';

const context = { limits: DEFAULT_EXTRACTION_LIMITS };

describe('plain text and Markdown extraction', () => {
  it('keeps the text as it is, without a byte order mark', async () => {
    const { text } = await extractPlainText(Buffer.from('\uFEFF# Notes\n\nCafé — *ok*\n'), context);
    expect(text).toBe('# Notes\n\nCafé — *ok*\n');
  });

  it('refuses invalid UTF-8 rather than passing replacement characters on', async () => {
    await expect(extractPlainText(Uint8Array.from([0x48, 0x69, 0xc3, 0x28]), context)).rejects.toThrow('not valid UTF-8');
  });
});
