import { jsonTextExcess, jsonTextNestingExceeds, MAX_JSON_NESTING_DEPTH } from './json-text-bounds';

const exceeds = (text: string, max = 3): boolean => jsonTextNestingExceeds(Buffer.from(text, 'utf8'), max);

describe('nesting depth of a JSON text', () => {
  it('counts objects and arrays alike, the outermost being level 1', () => {
    expect(exceeds('{"a": [{"b": 1}]}')).toBe(false);
    expect(exceeds('{"a": [{"b": []}]}')).toBe(true);
    expect(exceeds('[[[]]]')).toBe(false);
    expect(exceeds('[[[[]]]]')).toBe(true);
    expect(exceeds('"scalar"', 0)).toBe(false);
    expect(exceeds('1', 0)).toBe(false);
  });

  it('measures the deepest branch, not the sum of siblings', () => {
    expect(exceeds(`[${Array.from({ length: 1000 }, () => '[[1]]').join(',')}]`)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(exceeds('{"a": "[[[[{{{{"}')).toBe(false);
    expect(exceeds('{"a": "\\"[[[[[", "b": 1}')).toBe(false);
    expect(exceeds('{"a\\\\": [[[1]]]}')).toBe(true);
    expect(exceeds('{"a\\\\": [[1]]}')).toBe(false);
    expect(exceeds('["\\u005b\\u005b\\u005b\\u005b"]')).toBe(false);
    expect(exceeds('{"\\"": {"\\\\": {"x": {}}}}')).toBe(true);
  });

  it('is not fooled by multi-byte characters', () => {
    expect(exceeds('{"😀[": "é{{{{", "ж": [[1]]}')).toBe(false);
    expect(exceeds('{"😀": [[[1]]]}')).toBe(true);
  });

  it('answers safely for malformed text (the parser refuses it next)', () => {
    expect(exceeds(']]]]]{')).toBe(false);
    expect(exceeds('{"a": "unterminated [[[[[[')).toBe(false);
    expect(exceeds('[[[[[[')).toBe(true);
  });

  it('reads a million levels in one pass, without recursion', () => {
    const text = Buffer.from(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    const started = Date.now();
    expect(jsonTextNestingExceeds(text, MAX_JSON_NESTING_DEPTH)).toBe(true);
    expect(jsonTextNestingExceeds(Buffer.from(`${'{"a":'.repeat(MAX_JSON_NESTING_DEPTH)}1${'}'.repeat(MAX_JSON_NESTING_DEPTH)}`), MAX_JSON_NESTING_DEPTH)).toBe(false);
    expect(jsonTextNestingExceeds(Buffer.from(`${'{"a":'.repeat(MAX_JSON_NESTING_DEPTH + 1)}1${'}'.repeat(MAX_JSON_NESTING_DEPTH + 1)}`), MAX_JSON_NESTING_DEPTH)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('keys and items of a JSON text, counted before parsing', () => {
  const bounds = { maxDepth: 64, maxMembers: 10, maxObjectKeys: 3 };
  const excess = (text: string) => jsonTextExcess(Buffer.from(text, 'utf8'), bounds);

  it('counts every key and item from above, punctuation in strings aside', () => {
    expect(excess('[1,2,3,4,5,6,7,8,9]')).toBeUndefined();
    expect(excess('[1,2,3,4,5,6,7,8,9,10,11]')).toBe('members');
    expect(excess('[[1],[2],[3],[4],[5],[6]]')).toBe('members');
    expect(excess('["a,b,c,d,e,f,g,h,i,j,k,l"]')).toBeUndefined();
  });

  it('counts the keys of each object on its own, arrays and nested objects apart', () => {
    expect(excess('{"a":1,"b":2,"c":3}')).toBeUndefined();
    expect(excess('{"a":1,"b":2,"c":3,"d":4}')).toBe('objectKeys');
    expect(excess('{"a":[1,2,3,4,5],"b":{"x":1,"y":2,"z":3}}')).toBeUndefined();
    expect(excess('{"a":{"x":1,"y":2,"z":3},"b":2,"c":3,"d":4}')).toBe('objectKeys');
    expect(excess('{"a":{"x":1,"y":2,"z":3,"w":4}}')).toBe('objectKeys');
  });

  it('stays safe on malformed text (the parser refuses it next)', () => {
    expect(excess(']]]]{"a":1}')).toBeUndefined();
    expect(excess('{"a":1,,,,}')).toBe('objectKeys');
  });
});
