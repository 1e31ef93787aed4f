import { describe, expect, it } from 'vitest';
import { createMediaStore, parseRange } from './media-store.ts';

describe('media store', () => {
  const media = createMediaStore('/srv/vigil/media', 'secret-secret-secret-secret-secret-00');

  it('resolves only paths under the media root', () => {
    expect(media.resolve('w/c/segments/20260310T090000Z.mp4')).toBe(
      '/srv/vigil/media/w/c/segments/20260310T090000Z.mp4',
    );
    for (const bad of ['../secrets.json', 'w/../../etc/passwd', '/etc/passwd', '', '.', 'a\0b']) {
      expect(() => media.resolve(bad), JSON.stringify(bad)).toThrow();
    }
  });

  it('signs per path and expiry, and refuses expired or altered URLs', () => {
    const url = new URL(media.signedUrl('w/c/segments/a.mp4', 60), 'http://x');
    expect(url.pathname).toBe('/api/v1/media/segment.mp4');
    const [p, e, s] = ['path', 'expires', 'signature'].map((k) => url.searchParams.get(k)!) as [string, string, string];
    expect(media.verify(p, Number(e), s)).toBe(true);
    expect(media.verify('w/c/segments/b.mp4', Number(e), s)).toBe(false);
    expect(media.verify(p, Number(e) + 1, s)).toBe(false);
    expect(media.verify(p, Math.floor(Date.now() / 1000) - 1, s)).toBe(false);
    const other = createMediaStore('/srv/vigil/media', 'another-secret-another-secret-000000');
    expect(other.verify(p, Number(e), s)).toBe(false);
  });

  it('parses single byte ranges as players send them', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
