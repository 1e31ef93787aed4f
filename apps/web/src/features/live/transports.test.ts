import { describe, expect, it } from 'vitest';
import { isTransport, RETRY_IN_BACKGROUND_MS, startPlan, transportOrder } from './transports.ts';

describe('transport choice', () => {
  const all = { webrtc: true, mse: true, hls: true };
  it('prefers WebRTC, then MSE, then HLS', () => {
    expect(transportOrder(all)).toEqual(['webrtc', 'mse', 'hls']);
  });
  it('skips what the browser lacks (iPhone Safari: no MediaSource)', () => {
    expect(transportOrder({ webrtc: true, mse: false, hls: true })).toEqual(['webrtc', 'hls']);
    expect(transportOrder({ webrtc: false, mse: true, hls: false })).toEqual(['mse']);
    expect(transportOrder({ webrtc: false, mse: false, hls: false })).toEqual([]);
  });
  it('puts a chosen transport first and keeps the rest as fallbacks', () => {
    expect(transportOrder(all, 'hls')).toEqual(['hls', 'webrtc', 'mse']);
    expect(transportOrder(all, 'mse')).toEqual(['mse', 'webrtc', 'hls']);
    expect(transportOrder({ webrtc: false, mse: true, hls: true }, 'webrtc')).toEqual(['mse', 'hls']);
  });
  it('reads a transport from the URL', () => {
    expect(isTransport('webrtc')).toBe(true);
    expect(isTransport('rtmp')).toBe(false);
    expect(isTransport(null)).toBe(false);
  });
  it('Automatic shows MSE at once and races WebRTC beside it', () => {
    const never = () => false;
    expect(startPlan(all, 'auto', never)).toEqual({ order: ['mse', 'hls'], race: 'webrtc', raceAfterMs: 0 });
    // iPhone Safari: HLS is the quick picture.
    expect(startPlan({ webrtc: true, mse: false, hls: true }, 'auto', never)).toEqual({
      order: ['hls'],
      race: 'webrtc',
      raceAfterMs: 0,
    });
  });
  it('tries WebRTC later, in the background, where it did not connect recently', () => {
    const plan = startPlan(all, 'auto', (t) => t === 'webrtc');
    expect(plan).toEqual({ order: ['mse', 'hls'], race: 'webrtc', raceAfterMs: RETRY_IN_BACKGROUND_MS[0] });
  });
  it('plays a chosen transport alone, and races nothing when WebRTC is all there is', () => {
    expect(startPlan(all, 'webrtc', () => true)).toEqual({
      order: ['webrtc', 'mse', 'hls'],
      race: null,
      raceAfterMs: 0,
    });
    expect(startPlan(all, 'mse', () => false).race).toBeNull();
    expect(startPlan({ webrtc: true, mse: false, hls: false }, 'auto', () => false)).toEqual({
      order: ['webrtc'],
      race: null,
      raceAfterMs: 0,
    });
  });
});
