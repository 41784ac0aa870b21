import fc from 'fast-check';

// What a hostile client puts in a request: values for a JSON body, raw body texts, query values,
// path segments. Generated objects are built with Object.fromEntries, so `__proto__` stays an own
// key (an assignment would set the prototype instead) and reaches the wire.

/** A JSON text spliced into a body as written: nesting JSON.stringify could not produce, or would overflow on. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Keys named like Object.prototype members, and other keys servers trip on. */
export const prototypeKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', '');

/** Strings that read as numbers, or almost. */
export const numberishStrings = fc.constantFrom('NaN', 'Infinity', '-Infinity', '-0', '1e999', '-1e999', '0x1F', '1e16', '9007199254740993', '9999999999999999', '1.5', '-1', ' 1', '', 'null', 'true', '[]', '{}');

/** Numbers at the edges of what JSON and doubles hold. */
export const edgeNumbers = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -(2 ** 63), 2 ** 64, -0, 5e-324, 0.1 + 0.2);

/** Any code points, lone surrogates included. */
export const unicodeText = fc.string({ unit: 'binary', maxLength: 40 });

/** Long strings, still far below the body limit. */
export const longText = fc.tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom('x', 'é', '😀', '\u0000', '\ufeff', '[', '"')).map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Objects and arrays nested far deeper than any bound, as raw JSON. */
export const deepJson = fc.tuple(fc.integer({ min: 10, max: 30_000 }), fc.boolean()).map(([depth, arrays]) => new RawJson(arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** Numbers JSON can spell but JavaScript cannot hold exactly. */
export const rawNumbers = fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '0.0000000000000000000000000001e-400', '-0.0').map((text) => new RawJson(text));

const scalar = fc.oneof(
  { arbitrary: fc.oneof(fc.boolean(), fc.constant(null), fc.integer(), fc.double()), weight: 3 },
  { arbitrary: edgeNumbers, weight: 2 },
  { arbitrary: numberishStrings, weight: 2 },
  { arbitrary: unicodeText, weight: 3 },
  { arbitrary: prototypeKeys, weight: 1 },
  { arbitrary: longText, weight: 1 },
  { arbitrary: rawNumbers, weight: 1 },
);

/** A hostile JSON value: scalars, arrays and objects with prototype-named keys, deep raw nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalar, weight: 4 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.array(fc.tuple(fc.oneof(prototypeKeys, unicodeText), tie('value')), { maxLength: 4 }).map((entries) => Object.fromEntries(entries)), weight: 1 },
    { arbitrary: deepJson, weight: 1 },
  ),
})).value;

/** A hostile value in place of `original`, mostly of its own kind, so that checks past the type check run too. */
export function hostileLike(original: unknown): fc.Arbitrary<unknown> {
  if (typeof original === 'string') {
    return fc.oneof({ arbitrary: prototypeKeys, weight: 3 }, { arbitrary: numberishStrings, weight: 2 }, { arbitrary: unicodeText, weight: 2 }, { arbitrary: longText, weight: 1 }, { arbitrary: hostileValue, weight: 1 });
  }
  if (typeof original === 'number') {
    return fc.oneof({ arbitrary: edgeNumbers, weight: 3 }, { arbitrary: rawNumbers, weight: 2 }, { arbitrary: numberishStrings, weight: 1 }, { arbitrary: hostileValue, weight: 1 });
  }
  return hostileValue;
}

/** A query value for a parameter: numbers past every bound, numberish and odd strings. */
export const hostileQueryValue = fc.oneof(
  { arbitrary: numberishStrings, weight: 3 },
  { arbitrary: fc.constantFrom('9999999999999999', '9007199254740992', '18446744073709551616', '1e308', '-9999999999999999', '00000000000000000001'), weight: 2 },
  { arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String), weight: 1 },
  { arbitrary: unicodeText, weight: 1 },
  { arbitrary: prototypeKeys, weight: 1 },
  { arbitrary: longText.map((text) => text.slice(0, 5_000)), weight: 1 },
);

/** JSON text of a value that may hold RawJson pieces. */
export function toJsonText(value: unknown): string {
  const pieces: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    pieces.push(item.text);
    return `\u0000raw:${pieces.length - 1}\u0000`;
  });
  return (text ?? 'null').replace(/"\\u0000raw:(\d+)\\u0000"/g, (_match, index: string) => pieces[Number(index)]);
}

/** Body texts that are not JSON, or barely. */
export const brokenJsonText = fc.oneof(
  fc.constantFrom('', ' ', '{', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'nul', 'undefined', '\ufeff{}', '{"a":"\\x"}', '{"a":"\\ud800"}', '{"__proto__":{"polluted":1}}', '1'.repeat(10_000)),
  unicodeText,
  deepJson.map((raw) => raw.text.slice(0, raw.text.length / 2)),
);

/** Query parameter names: the route's own, prototype names, qs bracket syntax. */
export function queryName(known: readonly string[]): fc.Arbitrary<string> {
  const own = known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 6 }] : [];
  return fc.oneof(
    ...own,
    { arbitrary: prototypeKeys, weight: 1 },
    { arbitrary: fc.constantFrom('__proto__[polluted]', 'constructor[prototype][polluted]', 'a[b][c][d][e][f][g]', 'limit[]', 'offset[0]', 'view[__proto__]'), weight: 1 },
    { arbitrary: unicodeText, weight: 1 },
  );
}

/** Path segments in place of an id. */
export const hostileSegment = fc.oneof(prototypeKeys.filter((key) => key !== ''), unicodeText.filter((text) => text.length > 0), fc.constantFrom('..', '%00', 'a'.repeat(5_000), '-1', '0', '9999999999999999999'));
