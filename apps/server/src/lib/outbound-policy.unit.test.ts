import { describe, expect, it } from 'vitest';
import { checkTarget, classifyAddress } from './outbound-policy.ts';

const open = { allowLoopback: true };
const strict = { allowLoopback: false };

describe('outbound address policy', () => {
  it('classifies link-local, metadata, multicast and unspecified as never, loopback apart, LAN allowed', () => {
    const own = new Set<string>(['192.0.2.10']);
    for (const a of [
      '169.254.169.254',
      '169.254.1.1',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      '::ffff:169.254.169.254',
    ])
      expect(classifyAddress(a, own), a).toBe('forbidden');
    for (const a of ['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1', '192.0.2.10'])
      expect(classifyAddress(a, own), a).toBe('loopback');
    for (const a of ['10.0.0.5', '192.168.1.64', '172.16.0.9', '203.0.113.7', 'fd12::5'])
      expect(classifyAddress(a, own), a).toBe('allowed');
  });

  it('refuses metadata and link-local in any spelling, whatever ALLOW_LOOPBACK_TARGETS says', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'rtsp://169.254.169.254/x',
      'http://[fe80::1]/x',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://0xA9FEA9FE/',
      'rtsp://2852039166/',
      'http://[::ffff:169.254.169.254]/',
    ]) {
      await expect(checkTarget(url, open), url).rejects.toMatchObject({ code: 'permission-denied' });
    }
  });

  it('refuses loopback and decimal, hex or short spellings of it unless allowed', async () => {
    for (const url of [
      'rtsp://127.0.0.1:8554/x',
      'http://localhost/api/health',
      'http://2130706433/',
      'http://0x7f.1/',
      'rtsp://[::1]/x',
    ])
      await expect(checkTarget(url, strict), url).rejects.toMatchObject({ code: 'permission-denied' });
    const ok = await checkTarget('rtsp://localhost:8554/x', open);
    expect(ok.address).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(ok.pinnedUrl).toMatch(/^rtsp:\/\/(127\.0\.0\.1|\[::1\]):8554\/x$/);
  });

  it('refuses control characters and whitespace instead of letting a parser drop them', async () => {
    for (const url of [
      'rtsp://10.0.0.5/x\r\nSET a b',
      'rtsp://10.0.0.5/x\nGET',
      'rtsp://10.0.0.5/a b',
      'rtsp://10.0.0.5/\u0000',
      '\trtsp://10.0.0.5/',
    ])
      await expect(checkTarget(url, open), JSON.stringify(url)).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('allows private LAN cameras and pins the connection to the checked address', async () => {
    const t = await checkTarget('rtsp://admin:pw@192.168.1.64:554/Streaming/101', strict);
    expect(t).toEqual({
      url: 'rtsp://admin:pw@192.168.1.64:554/Streaming/101',
      address: '192.168.1.64',
      pinnedUrl: 'rtsp://admin:pw@192.168.1.64:554/Streaming/101',
    });
  });
});
