import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../lib/secrets.ts';
import { toCameraSpec } from './camera-source.ts';
import type { CameraRow } from './video.repo.ts';

/** "Motion from": what the recorder decodes for motion, by the camera's choice and recording mode. */
const secrets = createSecretBox('5f1c9a7e3b2d4c6f8a0e1b3d5c7f9a2e4b6d8f0a');
const row = (motion: CameraRow['motion'], recordingMode = 'continuous') =>
  ({
    id: 'c1',
    workspaceId: 'w1',
    sourceType: 'rtsp',
    sourceUrl: 'rtsp://cam/main',
    sourceUsername: null,
    sourcePasswordEnc: null,
    substreamUrl: null,
    substreamPasswordEnc: null,
    recordingMode,
    motion,
    ai: {},
    recordSound: false,
    audioCodec: null,
  }) as unknown as CameraRow;

describe('motion source', () => {
  it('Vigil (the default) and both decode motion frames; the camera alone decodes none', () => {
    expect(toCameraSpec(row({}), secrets).motion).toEqual({});
    expect(toCameraSpec(row({ source: 'both' }), secrets).motion).toEqual({});
    const camera = toCameraSpec(row({ source: 'camera' }), secrets);
    expect(camera.motion).toBeUndefined();
    expect(camera.motionSettings.source).toBe('camera');
    // Switching the source restarts ffmpeg without its motion output.
    expect(camera.key).not.toBe(toCameraSpec(row({}), secrets).key);
  });

  it('"On motion" recording keeps Vigil’s detection to know what to keep, whatever the source', () => {
    expect(toCameraSpec(row({ source: 'camera' }, 'motion'), secrets).motion).toEqual({});
  });
});
