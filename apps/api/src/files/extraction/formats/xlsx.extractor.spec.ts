import { xlsxWithSheets } from '../../../../../../test/support/extraction/office-samples';
import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { cellText, extractXlsx } from './xlsx.extractor';

const context = { limits: DEFAULT_EXTRACTION_LIMITS };

describe('XLSX extraction', () => {
  it('gives one table per sheet, every cell as text, dates in ISO 8601, and renders them as CSV blocks', async () => {
    const xlsx = await xlsxWithSheets([
      {
        name: 'Revenue',
        rows: [
          ['Month', 'Amount', 'Closed'],
          [new Date(Date.UTC(2026, 0, 1)), 1250.5, true],
          [new Date(Date.UTC(2026, 1, 1, 13, 30)), { formula: 'B2*2', result: 2501 }, false],
          ['Total, net', { richText: [{ text: 'see ' }, { text: '"notes"' }] }, null],
        ],
      },
      { name: 'Notes', rows: [['Link'], [{ text: 'wiki', hyperlink: 'https://example.com' }]] },
    ]);
    const { text, tables } = await extractXlsx(xlsx, context);
    expect(tables).toEqual([
      {
        name: 'Revenue',
        rows: [
          ['Month', 'Amount', 'Closed'],
          ['2026-01-01', '1250.5', 'true'],
          ['2026-02-01T13:30:00.000Z', '2501', 'false'],
          ['Total, net', 'see "notes"', ''],
        ],
      },
      { name: 'Notes', rows: [['Link'], ['wiki']] },
    ]);
    expect(text).toBe(
      [
        '## Revenue',
        '',
        '```csv',
        'Month,Amount,Closed',
        '2026-01-01,1250.5,true',
        '2026-02-01T13:30:00.000Z,2501,false',
        '"Total, net","see ""notes""",',
        '```',
        '',
        '## Notes',
        '',
        '```csv',
        'Link',
        'wiki',
        '```',
      ].join('\n'),
    );
  });

  it('renders formula errors by their code and empty cells as nothing', () => {
    expect(cellText({ formula: '1/0', result: { error: '#DIV/0!' } })).toBe('#DIV/0!');
    expect(cellText(undefined)).toBe('');
  });
});
