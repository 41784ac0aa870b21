import { docxWithParagraphs, pptxWithSlides } from '../../../../../../test/support/extraction/office-samples';
import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { extractPptx } from './pptx.extractor';

const context = { limits: DEFAULT_EXTRACTION_LIMITS };

describe('PPTX extraction', () => {
  it('reads slides in presentation order, one line per paragraph, with their speaker notes', async () => {
    const pptx = await pptxWithSlides([
      { paragraphs: ['Roadmap 2027', ['Ship ', 'files', ' & search']], notes: ['Mention the beta date.'] },
      { paragraphs: ['Questions?'] },
    ]);
    const { text } = await extractPptx(pptx, context);
    expect(text).toBe(
      ['## Slide 1', '', 'Roadmap 2027', 'Ship files & search', '', 'Notes:', 'Mention the beta date.', '', '## Slide 2', '', 'Questions?'].join('\n'),
    );
  });

  it('rejects a zip without a presentation part', async () => {
    await expect(extractPptx(await docxWithParagraphs(['not slides']), context)).rejects.toThrow('not a PowerPoint presentation');
  });
});
