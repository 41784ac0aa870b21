import { rowsProblem } from './row-shape';

describe('rowsProblem', () => {
  const rows = (n: unknown) => [{ row_id: '1', value: { n } }];

  it('accepts safe integers, fractions and numbers JSON writes with an exponent', () => {
    for (const n of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1.5, 1e21, 1.5e300]) expect(rowsProblem(rows(n))).toBeUndefined();
  });

  it('refuses whole numbers past 2^53 that arrived rounded, saying to send a string', () => {
    for (const text of ['9007199254740993', '-9007199254740993', '123456789012345678901']) {
      expect(rowsProblem(JSON.parse(`[{"row_id": "1", "value": {"n": ${text}}}]`))).toMatch(/rows\[0\]: the value of "n" is a whole number past ±9007199254740991, which cannot be stored exactly: send it as a string/);
    }
    expect(rowsProblem(rows('9007199254740993'))).toBeUndefined();
  });
});
