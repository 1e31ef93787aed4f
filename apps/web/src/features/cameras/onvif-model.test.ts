import type { OnvifProfile } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { profileLabel } from './onvif-model.ts';

const t = (_key: string, o?: Record<string, unknown>) => `${o?.fps} fps`;
const base: OnvifProfile = {
  token: 'p',
  name: 'Main',
  codec: 'h265',
  width: 1920,
  height: 1080,
  fps: 25,
  streamUrl: 'rtsp://x/',
  snapshotUrl: null,
};

describe('profileLabel', () => {
  it('names codec, size and frame rate, leaving out what the device did not say', () => {
    expect(profileLabel(base, t)).toBe('Main — H.265, 1920×1080, 25 fps');
    expect(profileLabel({ ...base, codec: 'vp9', fps: 12.5, width: null }, t)).toBe('Main — VP9, 12.5 fps');
    expect(profileLabel({ ...base, codec: null, width: null, fps: null }, t)).toBe('Main');
  });
});
