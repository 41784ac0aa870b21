import { zipOf } from '../../../../../../test/support/extraction/hostile-samples';
import { docxWithParagraphs } from '../../../../../../test/support/extraction/office-samples';
import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { extractDocx } from './docx.extractor';

const context = { limits: DEFAULT_EXTRACTION_LIMITS };

describe('DOCX extraction', () => {
  it('reads the paragraphs of the body, runs joined, paragraphs separated by a blank line', async () => {
    const docx = await docxWithParagraphs(['Memo: office move', ['The move is on ', 'Friday', ' at 9 & not later.'], 'Thanks <all>']);
    const { text } = await extractDocx(docx, context);
    expect(text).toBe('Memo: office move\n\nThe move is on Friday at 9 & not later.\n\nThanks <all>');
  });

  it('rejects a zip that is not a Word document', async () => {
    await expect(extractDocx(zipOf([]), context)).rejects.toThrow();
  });
});
