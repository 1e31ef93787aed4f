import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalJson, entryHash } from './audit-hash.ts';
import { csvCell, csvLine } from './audit-csv.ts';

const fields = {
  chain: 'installation',
  seq: 1,
  at: '2026-03-10T10:00:00.000Z',
  workspaceId: null,
  actorId: null,
  actorKind: 'system',
  apiKeyId: null,
  action: 'sign-in.failed',
  targetType: null,
  targetId: null,
  ip: '192.0.2.1',
  details: { email: 'x@example.com' },
};

describe('audit hashing and CSV', () => {
  it('canonical JSON sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('a hash changes with any field and with the link', () => {
    const h = entryHash(fields, GENESIS_HASH);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash({ ...fields }, GENESIS_HASH)).toBe(h);
    expect(entryHash({ ...fields, ip: '192.0.2.2' }, GENESIS_HASH)).not.toBe(h);
    expect(entryHash({ ...fields, details: { email: 'y@example.com' } }, GENESIS_HASH)).not.toBe(h);
    expect(entryHash(fields, 'f'.repeat(64))).not.toBe(h);
  });

  it('neutralises spreadsheet formulas and quotes as RFC 4180 says', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(f).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ name: '=x' })).toBe('"{""name"":""=x""}"');
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
  });
});
