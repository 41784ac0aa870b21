import { normalizedSection, sectionHash, sectionOfText, sectionText } from './document-section';
import { MAX_SECTION_COUNT, sectionProblem } from './section-shape';

describe('document sections', () => {
  it('joins prefixes and contents depth first, skipping nulls', () => {
    const tree = normalizedSection({ prefix: 'A', sections: [{ content: 'b', sections: [{ prefix: 'C', content: 'd', sections: [] }] }, { prefix: 'E', sections: [] }] });
    expect(tree.sections[0]).toEqual({ prefix: null, content: 'b', sections: [{ prefix: 'C', content: 'd', sections: [] }] });
    expect(sectionText(tree)).toBe('AbCdE');
    expect(sectionText(sectionOfText('plain'))).toBe('plain');
  });

  it('hashes the tree: same text in another structure is another hash', () => {
    const flat = sectionOfText('ab');
    const split = { prefix: 'a', content: 'b', sections: [] };
    expect(sectionText(split)).toBe(sectionText(flat));
    expect(sectionHash(split)).not.toBe(sectionHash(flat));
    expect(sectionHash(sectionOfText('ab'))).toBe(sectionHash(flat));
  });

  it('walks a deep tree without recursion', () => {
    let deep = sectionOfText('leaf');
    for (let i = 0; i < 50_000; i += 1) deep = { prefix: null, content: null, sections: [deep] };
    expect(sectionText(deep)).toBe('leaf');
    expect(sectionProblem(deep)).toContain('must not nest more than 16 levels');
  });

  it('names the path of the first fault', () => {
    expect(sectionProblem({ prefix: null, content: null, sections: [] })).toBeUndefined();
    expect(sectionProblem([])).toBe('section must be an object');
    expect(sectionProblem({ content: 1, sections: [] })).toBe('section.content must be a string or null');
    expect(sectionProblem({ sections: [{ sections: [null] }] })).toBe('section.sections[0].sections[0] must be an object');
    expect(sectionProblem({ sections: Array.from({ length: MAX_SECTION_COUNT }, () => ({ sections: [] })) })).toContain(`at most ${MAX_SECTION_COUNT} sections`);
  });
});
