import {
  docxDeclaringHugeBody,
  docxLyingAboutItsSize,
  pptxWithManyEntries,
} from '../../../../../../test/support/extraction/hostile-samples';
import { docxWithParagraphs } from '../../../../../../test/support/extraction/office-samples';
import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { assertZipWithinLimits } from './zip-guard';

const limits = DEFAULT_EXTRACTION_LIMITS;

describe('zip guard', () => {
  it('lets a real Office document through', async () => {
    const docx = await docxWithParagraphs(['fine']);
    expect(() => assertZipWithinLimits(docx, limits)).not.toThrow();
  });

  it('refuses a directory that declares more than the unpacked size cap', () => {
    expect(() => assertZipWithinLimits(docxDeclaringHugeBody(), limits)).toThrow(`unpacks to more than ${limits.maxUnzippedBytes} bytes`);
  });

  it('refuses more entries than the cap', () => {
    expect(() => assertZipWithinLimits(pptxWithManyEntries(limits.maxZipEntries + 1), limits)).toThrow(`more than ${limits.maxZipEntries} parts`);
  });

  it('refuses an entry that inflates to more than it declares', async () => {
    const lying = await docxLyingAboutItsSize(20 * 1024 * 1024);
    expect(() => assertZipWithinLimits(lying, limits)).toThrow('unpacks to more than it declares');
  });

  it('refuses bytes that are not a zip archive', () => {
    expect(() => assertZipWithinLimits(Buffer.from('PK but not really a zip archive at all'), limits)).toThrow('not a zip');
  });
});
