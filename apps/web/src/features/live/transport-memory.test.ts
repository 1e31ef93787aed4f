import { describe, expect, it } from 'vitest';
import { currentNetwork, REMEMBER_MS, TransportMemory } from './transport-memory.ts';

function fakeStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('what did not connect is remembered', () => {
  const place = { origin: 'http://127.0.0.1:3000', network: 'wifi' };
  it('per server, network and transport, until it expires', () => {
    const storage = fakeStorage();
    let now = 1_000;
    const memory = new TransportMemory(storage, place, () => now);
    expect(memory.unreachable('webrtc')).toBe(false);
    memory.failed('webrtc');
    expect(memory.unreachable('webrtc')).toBe(true);
    expect(memory.unreachable('mse')).toBe(false);
    // Another page load of the same browser reads it back.
    expect(new TransportMemory(storage, place, () => now).unreachable('webrtc')).toBe(true);
    // Another server, or the same server on another network, has not failed.
    expect(
      new TransportMemory(storage, { ...place, origin: 'https://cams.example' }, () => now).unreachable('webrtc'),
    ).toBe(false);
    expect(new TransportMemory(storage, { ...place, network: 'cellular' }, () => now).unreachable('webrtc')).toBe(
      false,
    );
    now += REMEMBER_MS + 1;
    expect(memory.unreachable('webrtc')).toBe(false);
  });
  it('forgets a transport as soon as it connects, and drops expired entries when writing', () => {
    const storage = fakeStorage();
    let now = 0;
    const memory = new TransportMemory(storage, place, () => now);
    memory.failed('webrtc');
    memory.connected('webrtc');
    expect(memory.unreachable('webrtc')).toBe(false);
    new TransportMemory(storage, { ...place, network: 'ethernet' }, () => now).failed('webrtc');
    now += REMEMBER_MS + 1;
    memory.failed('hls');
    expect(Object.keys(JSON.parse(storage.data.get('vigil.live.unreachable')!))).toEqual([
      'http://127.0.0.1:3000 wifi hls',
    ]);
  });
  it('survives damaged or missing storage', () => {
    const storage = fakeStorage();
    storage.data.set('vigil.live.unreachable', 'not json');
    const memory = new TransportMemory(storage, place);
    expect(memory.unreachable('webrtc')).toBe(false);
    memory.failed('webrtc');
    expect(memory.unreachable('webrtc')).toBe(true);
    const none = new TransportMemory(undefined, place);
    none.failed('webrtc');
    expect(none.unreachable('webrtc')).toBe(false);
  });
  it('names the network by its connection type where the browser tells it', () => {
    expect(currentNetwork({ connection: { type: 'cellular' } } as unknown as Navigator)).toBe('cellular');
    expect(currentNetwork({} as Navigator)).toBe('unknown');
  });
});
