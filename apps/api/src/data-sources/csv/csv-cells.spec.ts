import { csvCell } from './csv-cells';

describe('csvCell', () => {
  it('types integers, decimals, booleans, dates and text', () => {
    expect([csvCell(' 42 '), csvCell('-1.5e3'), csvCell('TRUE'), csvCell(''), csvCell('abc')]).toEqual([42, -1500, true, null, 'abc']);
    expect(csvCell('2024-01-02')).toMatchObject({ type: 'datetime', string_value: '2024-01-02' });
  });

  it('keeps a run of digits past 2^53 as text rather than rounding it, and reads those within as numbers', () => {
    expect(csvCell('9007199254740993')).toBe('9007199254740993');
    expect(csvCell('-12345678901234567890')).toBe('-12345678901234567890');
    expect(csvCell('9007199254740991')).toBe(9007199254740991);
    expect(csvCell('1234567890123456.5')).toBe(1234567890123456.5);
  });
});
