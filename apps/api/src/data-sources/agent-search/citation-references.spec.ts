import { citationMarker, citationReferences } from './citation-references';

describe('citationReferences', () => {
  it('is a function of the document alone: the same key gets the same three letters in any answer', () => {
    const key = 'dts_handbook\u0000leave';
    const [alone] = citationReferences([key]);
    expect(alone).toMatch(/^[a-z]{3}$/);
    expect(citationReferences(['dts_handbook\u0000expenses', key])[1]).toBe(alone);
    expect(citationReferences([key])).toEqual([alone]);
  });

  it('moves a clashing document to the next free marker', () => {
    const [first, second] = citationReferences(['same', 'same']);
    expect(first).toBe(citationReferences(['same'])[0]);
    expect(second).toMatch(/^[a-z]{3}$/);
    expect(second).not.toBe(first);
  });

  it('writes the marker an answer cites with', () => {
    expect(citationMarker('abc')).toBe(':cite[abc]');
  });
});
