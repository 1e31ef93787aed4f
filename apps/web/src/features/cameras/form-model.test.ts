import { type Camera, cameraAiSettingsOf } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  createInput,
  emptyForm,
  formOf,
  patchOf,
  probeErrorKey,
  probeSummary,
  sourceOf,
  videoSummary,
} from './form-model.ts';

const camera: Camera = {
  id: 'c1',
  workspaceId: 'w1',
  name: 'Door',
  source: { type: 'rtsp', url: 'rtsp://10.0.0.2/s1', username: 'admin', hasPassword: true },
  substreamUrl: null,
  recordingMode: 'motion',
  retentionDays: 14,
  siteId: null,
  enabled: true,
  status: 'online',
  lastError: null,
  statusChangedAt: null,
  video: { codec: null, width: null, height: null, fps: null, codecString: null, profile: null, level: null },
  motion: { enabled: true, sensitivity: 50, minArea: 0.2, minSeconds: 0, masks: [], zones: [] },
  scheduleId: null,
  scheduleRecording: false,
  eventSeverity: {},
  ai: cameraAiSettingsOf(null),
  armed: true,
  armedUntil: null,
  armOverride: null,
  notificationsSnoozedUntil: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('camera form model', () => {
  it('a test pattern sends no URL or credentials', () => {
    const f = { ...emptyForm(), name: ' Demo ', type: 'test-pattern' as const, url: 'rtsp://x/y', password: 'p' };
    expect(createInput(f)).toEqual({
      name: 'Demo',
      source: { type: 'test-pattern' },
      recordingMode: 'continuous',
      retentionDays: 30,
    });
  });

  it('an empty password is left out, so editing keeps the saved one', () => {
    expect(sourceOf({ ...formOf(camera) })).toEqual({ type: 'rtsp', url: 'rtsp://10.0.0.2/s1', username: 'admin' });
    expect(sourceOf({ ...formOf(camera), password: 'x' })).toMatchObject({ password: 'x' });
  });

  it('a patch holds only what changed; an untouched source is not sent', () => {
    const before = formOf(camera);
    expect(patchOf(before, { ...before, name: 'Gate' })).toEqual({ name: 'Gate' });
    expect(patchOf(before, before)).toEqual({});
    expect(patchOf(before, { ...before, url: 'rtsp://10.0.0.3/s1' }).source).toEqual({
      type: 'rtsp',
      url: 'rtsp://10.0.0.3/s1',
      username: 'admin',
    });
  });

  it('a retention that is not a number reaches the server, which names the field', () => {
    expect(createInput({ ...emptyForm(), retentionDays: '' }).retentionDays).toBeNaN();
  });

  it('known probe errors map to translation keys with their parameters', () => {
    expect(probeErrorKey('Connection refused — nothing is listening at 127.0.0.1:554')).toEqual({
      key: 'cameras.probe.err.refused',
      params: { target: '127.0.0.1:554' },
    });
    expect(probeErrorKey('Camera rejected the username or password (401 Unauthorized)')?.key).toBe(
      'cameras.probe.err.auth',
    );
    expect(probeErrorKey('something new')).toBeNull();
    expect(probeSummary({ ok: true, codec: 'h264', width: 1280, height: 720, fps: 25, error: null })).toEqual({
      key: 'cameras.probe.ok',
      params: { codec: 'H264', width: 1280, height: 720, fps: 25 },
    });
  });

  it('summarises the video the recorder saw, once it has seen it', () => {
    const unread = { codecString: null, profile: null, level: null };
    expect(videoSummary({ codec: null, width: null, height: null, fps: null, ...unread })).toBeNull();
    const hevc = { codec: 'hevc', width: 2560, height: 1440, fps: 20, codecString: 'hev1.1.6.L120.90' };
    expect(videoSummary({ ...hevc, profile: 'Main', level: '4' })).toEqual({
      key: 'cameras.video',
      params: { codec: 'H.265 Main', width: 2560, height: 1440, fps: 20 },
    });
    expect(videoSummary({ codec: 'h264', width: 640, height: 360, fps: null, ...unread })).toEqual({
      key: 'cameras.videoNoFps',
      params: { codec: 'H.264', width: 640, height: 360 },
    });
  });
});
