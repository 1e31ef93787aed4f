import { describe, expect, it } from 'vitest';
import { isTransport, transportOrder } from './transports.ts';

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
});
