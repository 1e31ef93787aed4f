import { type Camera, cameraAiSettingsOf } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  createInput,
  emptyForm,
  formOf,
  patchOf,
  probeErrorKey,
  probeSummary,
  soundSummary,
  sourceOf,
  videoSummary,
} from './form-model.ts';

const camera: Camera = {
  id: 'c1',
  workspaceId: 'w1',
  name: 'Door',
  source: { type: 'rtsp', url: 'rtsp://10.0.0.2/s1', username: 'admin', hasPassword: true },
  substreamUrl: null,
  onvif: null,
  recordingMode: 'motion',
  retentionDays: 14,
  siteId: null,
  enabled: true,
  status: 'online',
  lastError: null,
  statusChangedAt: null,
  video: { codec: null, width: null, height: null, fps: null, codecString: null, profile: null, level: null },
  recordSound: true,
  audio: { codec: 'pcm_mulaw', sampleRate: 8000 },
  motion: { enabled: true, source: 'vigil', sensitivity: 50, minArea: 0.2, minSeconds: 0, masks: [], zones: [] },
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

  it('an MJPEG camera sends its user name and password too', () => {
    const f = {
      ...emptyForm(),
      type: 'mjpeg' as const,
      url: ' http://10.0.0.7/video.mjpg ',
      username: 'cam',
      password: 'pw',
    };
    expect(sourceOf(f)).toEqual({ type: 'mjpeg', url: 'http://10.0.0.7/video.mjpg', username: 'cam', password: 'pw' });
    expect(createInput(f).substreamUrl).toBeUndefined();
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

  it('the catalogue’s failure sentences map to translation keys with their target', () => {
    expect(
      probeErrorKey(
        'Connection refused by 127.0.0.1:554: nothing is listening on that port, check the port in the URL.',
      ),
    ).toEqual({ key: 'cameras.failure.refused', params: { target: '127.0.0.1:554' } });
    expect(probeErrorKey('The camera rejected the user name or password (401): check them.')).toEqual({
      key: 'cameras.failure.unauthorized',
      params: { target: null },
    });
    expect(
      probeErrorKey(
        'The camera did not answer at the camera: check that it is on and connected, and that the address is right.',
      ),
    ).toEqual({ key: 'cameras.failure.unreachable', params: { target: null } });
    expect(probeErrorKey('something new')).toBeNull();
    expect(
      probeSummary({ ok: true, codec: 'h264', width: 1280, height: 720, fps: 25, audio: null, error: null }),
    ).toEqual({
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

  it('says what sound the camera sends and how it is recorded', () => {
    expect(soundSummary({ codec: null, sampleRate: null })).toBeNull();
    expect(soundSummary({ codec: 'none', sampleRate: null })?.key).toBe('cameras.sound.none');
    expect(soundSummary({ codec: 'aac', sampleRate: 16000 })).toEqual({
      key: 'cameras.sound.aac',
      params: { codec: 'AAC', rate: ' 16 kHz' },
    });
    expect(soundSummary(camera.audio)).toEqual({
      key: 'cameras.sound.converted',
      params: { codec: 'G.711 µ-law', rate: ' 8 kHz' },
    });
  });

  it('sends the sound switch only when it changed, and with a new RTSP camera', () => {
    const before = formOf(camera);
    expect(patchOf(before, before).recordSound).toBeUndefined();
    expect(patchOf(before, { ...before, recordSound: false }).recordSound).toBe(false);
    expect(createInput({ ...emptyForm(), name: 'x', url: 'rtsp://h/s' }).recordSound).toBe(true);
    expect(createInput({ ...emptyForm(), type: 'test-pattern' }).recordSound).toBeUndefined();
  });
});
