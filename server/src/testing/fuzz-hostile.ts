import fc from 'fast-check';

/** What a hostile client sends: bodies, values, ids and queries the contract must refuse with a 4xx. */

const DEPTH = 10_000;
export const deepArray = (depth = DEPTH) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
export const deepObject = (depth = DEPTH) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Values a hostile or broken client puts in a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    1e308, -1e308, 5e-324, -0, -1, 2 ** 53 + 1, 'NaN', 'Infinity', '-Infinity', '1e3', '0x10', '12,50', '١٢٣',
    '9'.repeat(400), '-0', '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\u202e', '<script>', "'; drop table events; --",
    true, false, null, [], {}, [1, 2], { __proto__: null, toString: 'x' }, 'x'.repeat(10_001), '2024-02-30', '0000-00-00',
  ),
  fc.anything({ maxDepth: 3 }),
);

/** Raw bodies: not JSON, JSON of the wrong shape, too deep, too big, or sent as something else. */
export const hostileBodies = (valid: Record<string, unknown>): { name: string; raw: string; contentType?: string; encoding?: string }[] => {
  const json = (value: unknown) => JSON.stringify(value);
  const withField = (key: string, value: unknown) => json({ ...valid, [key]: value });
  const firstKey = Object.keys(valid)[0] ?? 'name';
  /** The valid body with one more key written as raw JSON text (a repeat or a prototype key). */
  const withRaw = (key: string, raw: string) => {
    const inner = json(valid).slice(1, -1);
    return `{${inner}${inner ? ',' : ''}"${key}":${raw}}`;
  };
  return [
    { name: 'empty, as JSON', raw: '' },
    { name: 'empty, no content type', raw: '', contentType: '' },
    { name: 'not JSON', raw: 'not json' },
    { name: 'truncated JSON', raw: json(valid).slice(0, -3) },
    { name: 'null', raw: 'null' },
    { name: 'a string', raw: '"vendor"' },
    { name: 'a number', raw: '1e308' },
    { name: 'an array of the body', raw: json([valid]) },
    { name: 'an empty array', raw: '[]' },
    { name: '10k nested arrays', raw: deepArray() },
    { name: '10k nested objects', raw: deepObject() },
    { name: '10k nested arrays in a field', raw: `{"${firstKey}":${deepArray()}}` },
    { name: '10k nested objects in an ignored field', raw: withRaw('junk', deepObject()) },
    { name: '60k nested arrays', raw: deepArray(60_000) },
    { name: '300 KB string', raw: withField(firstKey, 'x'.repeat(300_000)) },
    { name: '200 KB string', raw: withField(firstKey, 'é'.repeat(100_000)) },
    { name: 'NUL in a field', raw: withField(firstKey, 'a\u0000b') },
    { name: 'lone surrogate in a field', raw: withField(firstKey, 'x\ud800y') },
    { name: 'unknown keys', raw: withField('isAdmin', true) },
    { name: '__proto__ key', raw: withRaw('__proto__', '{"polluted":true,"id":1}') },
    { name: 'constructor key', raw: withField('constructor', { prototype: { polluted: true } }) },
    { name: 'id in the body', raw: withField('id', 1) },
    { name: 'duplicate key', raw: withRaw(firstKey, '12') },
    { name: 'text/plain', raw: json(valid), contentType: 'text/plain' },
    { name: 'form encoded', raw: 'name=x&active=true', contentType: 'application/x-www-form-urlencoded' },
    { name: 'multipart', raw: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
    { name: 'JSON in latin1', raw: json(valid), contentType: 'application/json; charset=latin1' },
    { name: 'JSON in UTF-16', raw: json(valid), contentType: 'application/json; charset=utf-16' },
    { name: 'gzip claimed, not gzipped', raw: json(valid), encoding: 'gzip' },
    { name: 'unknown content encoding', raw: json(valid), encoding: 'zstd-ish' },
    { name: 'BOM first', raw: `\ufeff${json(valid)}` },
  ];
};

/** Ids in a record path that are not a record's id, percent-encoded as they go on the wire. */
export const HOSTILE_IDS = [
  '%00', '..%2f..%2fetc%2fpasswd', '..', '99999999999', '2147483648', '-1', '0', '01', '1e3', '1.0', '+1', '0x1', 'NaN',
  '%20%31', '%F0%9F%92%A9', '%ff', '%ED%A0%80', '१', `${'9'.repeat(400)}`, '%', 'null', '[]',
];

/** Query strings on list and operator GETs (the list GETs read q, limit and after). */
export const HOSTILE_QUERIES = [
  'limit=abc&after=%ff', 'limit=-1', 'limit=0', 'limit=1e3', 'limit=99999999999999999999', 'limit=1&limit=2',
  'after=%ff', 'after=eyJ4Ijp9', 'after=WyJ4IiwxZTMwOF0', `after=${'A'.repeat(3000)}`, 'q=%00', 'q=%ED%A0%80', `q=${'%F0%9F%92%A9'.repeat(120)}`,
  `q=${'x'.repeat(12_000)}`, 'q[]=1&q[a]=2', 'q=%', 'q=%%32', 'after=-1', 'after=1e30', 'after=99999999999999999999',
  'after=1.5', 'after=NaN', 'type=%00', 'stream=%00', 'stream=%ED%A0%80', 'type=', 'limit=1000000',
];
