import { describe, expect, it } from '@jest/globals';
import { idParam, knowledgePaths } from './knowledge-paths';

describe('knowledge paths', () => {
  it('encode each id, so a document id with reserved characters stays one segment', () => {
    expect(knowledgePaths.document('vlt_1', 'dts_2', 'minutes/2024 q1?#')).toBe('/spaces/vlt_1/data_sources/dts_2/documents/minutes%2F2024%20q1%3F%23');
    expect(knowledgePaths.table('vlt_1', 'dts_2', 'ships')).toBe('/spaces/vlt_1/data_sources/dts_2/tables/ships');
  });

  it('give back the id from what the router leaves of a segment (decodeURI of it)', () => {
    const segment = knowledgePaths.document('s', 'd', 'minutes/2024 q1?#').split('/').pop()!;
    expect(idParam(decodeURI(segment))).toBe('minutes/2024 q1?#');
    expect(idParam('fil_abc')).toBe('fil_abc');
  });

  it('keep a parameter that is not a valid escape as it is', () => {
    expect(idParam('100%')).toBe('100%');
  });
});
