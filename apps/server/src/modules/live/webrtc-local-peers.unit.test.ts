import { describe, expect, it } from 'vitest';
import { onlyCandidates, thisMachineOnly } from './webrtc-session.ts';

/**
 * A server bound to loopback offers and accepts WebRTC candidates on this machine only: loopback
 * and the machine's own interface addresses (where a browser on the same machine answers from),
 * never an address elsewhere.
 */
const own = new Set(['127.0.0.1', '192.0.2.2', 'fd00::2']);
const local = thisMachineOnly('127.0.0.1', own);

const sdp = [
  'v=0',
  'a=candidate:1 1 udp 2130706431 127.0.0.1 40000 typ host',
  'a=candidate:2 1 udp 2130706431 192.0.2.2 40001 typ host',
  'a=candidate:3 1 udp 1694498815 203.0.113.9 40002 typ srflx raddr 192.0.2.2 rport 40001',
  'a=candidate:4 1 udp 2130706431 198.51.100.7 40003 typ host',
  'a=candidate:5 1 udp 2113937151 0a1b56f2-17ec-4569-80fe-80633631fc02.local 52898 typ host',
  'a=end-of-candidates',
].join('\r\n');

describe('WebRTC on a server bound to loopback', () => {
  it('accepts loopback and this machine’s own addresses as peers', () => {
    for (const a of ['127.0.0.1', '127.0.0.53', '::1', '192.0.2.2', 'FD00::2']) expect(local.has(a), a).toBe(true);
  });
  it('refuses every address off this machine', () => {
    for (const a of ['192.0.2.3', '10.0.0.1', '203.0.113.9', 'fd00::3', '0.0.0.0', 'abcd.local', ''])
      expect(local.has(a), a).toBe(false);
  });
  it('offers, and takes from the browser, only candidates on this machine (no mDNS name to look up)', () => {
    const kept = onlyCandidates(sdp, local).split('\r\n');
    expect(kept.filter((l) => l.startsWith('a=candidate:')).map((l) => l.split(' ')[4])).toEqual([
      '127.0.0.1',
      '192.0.2.2',
    ]);
    expect(kept).toContain('a=end-of-candidates');
  });
  it('leaves the answer alone when the server listens on the network', () => {
    expect(onlyCandidates(sdp, undefined)).toBe(sdp);
  });
  it('knows the interfaces of the machine it runs on by default', () => {
    expect(thisMachineOnly('127.0.0.1').has('127.0.0.1')).toBe(true);
  });
});
