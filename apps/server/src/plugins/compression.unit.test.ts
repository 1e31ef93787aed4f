import { describe, expect, it } from 'vitest';
import { pickEncoding } from './compression.ts';

describe('pickEncoding', () => {
  it('prefers Brotli, then gzip, and honours q-values and the wildcard', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('GZIP;Q=1')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
  });

  it('none when nothing it makes is accepted', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('deflate, zstd')).toBeNull();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('gzip;q=nonsense')).toBeNull();
  });
});
