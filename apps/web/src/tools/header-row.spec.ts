import { describe, expect, it } from '@jest/globals';
import { headersOf } from './header-row';

describe('headersOf', () => {
  it('sends the named rows, names trimmed, and leaves out rows without a name', () => {
    expect(
      headersOf([
        { key: 1, name: ' Authorization ', value: 'Bearer abc' },
        { key: 2, name: '', value: 'stray value' },
        { key: 3, name: 'X-Team', value: '' },
      ]),
    ).toEqual({ Authorization: 'Bearer abc', 'X-Team': '' });
    expect(headersOf([{ key: 1, name: '  ', value: 'x' }])).toEqual({});
  });
});
