import {
  type Camera,
  type CameraSourceInput,
  type CreateCameraInput,
  codecLabel,
  type ProbeResult,
  type UpdateCameraInput,
  CAMERA_FAILURE_NO_TARGET,
  parseCameraFailure,
} from '@vigil/shared';

export type SourceType = Camera['source']['type'];
export type RecordingMode = Camera['recordingMode'];

export interface CameraForm {
  name: string;
  type: SourceType;
  url: string;
  username: string;
  /** Blank while editing means "keep the saved password". */
  password: string;
  substreamUrl: string;
  recordingMode: RecordingMode;
  retentionDays: string;
  recordSound: boolean;
}

export const SOURCE_TYPES: readonly SourceType[] = ['rtsp', 'mjpeg', 'test-pattern'];
export const RECORDING_MODES: readonly RecordingMode[] = ['continuous', 'motion', 'off'];

export const emptyForm = (): CameraForm => ({
  name: '',
  type: 'rtsp',
  url: '',
  username: '',
  password: '',
  substreamUrl: '',
  recordingMode: 'continuous',
  retentionDays: '30',
  recordSound: true,
});

export function formOf(camera: Camera): CameraForm {
  return {
    name: camera.name,
    type: camera.source.type,
    url: camera.source.url ?? '',
    username: camera.source.username ?? '',
    password: '',
    substreamUrl: camera.substreamUrl ?? '',
    recordingMode: camera.recordingMode,
    retentionDays: String(camera.retentionDays),
    recordSound: camera.recordSound,
  };
}

export function sourceOf(f: CameraForm): CameraSourceInput {
  if (f.type === 'test-pattern') return { type: 'test-pattern' };
  // RTSP and MJPEG (HTTP Basic or Digest) cameras both take a user name and password.
  return {
    type: f.type,
    url: f.url.trim(),
    username: f.username.trim(),
    // Omitted rather than empty: on edit the server keeps the sealed password.
    ...(f.password ? { password: f.password } : {}),
  };
}

/** A non-number stays as typed so the server answers with its field error. */
const days = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s));

export function createInput(f: CameraForm): CreateCameraInput {
  return {
    name: f.name.trim(),
    source: sourceOf(f),
    ...(f.substreamUrl.trim() && f.type === 'rtsp' ? { substreamUrl: f.substreamUrl.trim() } : {}),
    recordingMode: f.recordingMode,
    retentionDays: days(f.retentionDays),
    ...(f.type === 'rtsp' ? { recordSound: f.recordSound } : {}),
  };
}

/** Only what changed, so an untouched source keeps its stored credentials as they are. */
export function patchOf(before: CameraForm, f: CameraForm): UpdateCameraInput {
  const patch: UpdateCameraInput = {};
  if (f.name.trim() !== before.name) patch.name = f.name.trim();
  if (sourceChanged(before, f)) patch.source = sourceOf(f);
  if (f.substreamUrl.trim() !== before.substreamUrl && f.substreamUrl.trim())
    patch.substreamUrl = f.substreamUrl.trim();
  if (f.recordingMode !== before.recordingMode) patch.recordingMode = f.recordingMode;
  if (f.retentionDays !== before.retentionDays) patch.retentionDays = days(f.retentionDays);
  if (f.recordSound !== before.recordSound) patch.recordSound = f.recordSound;
  return patch;
}

export function sourceChanged(before: CameraForm, f: CameraForm): boolean {
  return (
    f.type !== before.type || f.url.trim() !== before.url || f.username.trim() !== before.username || f.password !== ''
  );
}

/**
 * The server says a camera's failure (a probe's error, a camera's lastError) in English, with the
 * shared catalogue's sentences: those are shown in the reader's language. `target` is null when
 * the sentence named no host.
 */
export function probeErrorKey(error: string): { key: string; params: { target: string | null } } | null {
  const failure = parseCameraFailure(error);
  if (!failure) return null;
  return {
    key: `cameras.failure.${failure.code.replace('camera/', '')}`,
    params: { target: failure.target === CAMERA_FAILURE_NO_TARGET ? null : failure.target || null },
  };
}

export function probeSummary(r: ProbeResult): { key: string; params: Record<string, string | number> } {
  if (!r.ok) return { key: 'cameras.probe.failed', params: { error: r.error ?? '' } };
  const params = { codec: (r.codec ?? '?').toUpperCase(), width: r.width ?? '?', height: r.height ?? '?' };
  return r.fps
    ? { key: 'cameras.probe.ok', params: { ...params, fps: r.fps } }
    : { key: 'cameras.probe.okNoFps', params };
}

/** What the recorder saw the camera send; null until it has streamed. */
export function videoSummary(v: Camera['video']): { key: string; params: Record<string, string | number> } | null {
  if (!v.codec || !v.width || !v.height) return null;
  const params = { codec: codecLabel(v) ?? v.codec, width: v.width, height: v.height };
  return v.fps ? { key: 'cameras.video', params: { ...params, fps: v.fps } } : { key: 'cameras.videoNoFps', params };
}

/** How the sound codecs ffprobe names read to a person. */
const SOUND_CODECS: Record<string, string> = {
  aac: 'AAC',
  pcm_mulaw: 'G.711 µ-law',
  pcm_alaw: 'G.711 A-law',
  opus: 'Opus',
  adpcm_g726: 'G.726',
  mp3: 'MP3',
};

/**
 * What sound the camera sends and how it is recorded: AAC as it comes, anything else converted to
 * AAC. `codec` as the server names it ('none': no sound; null: not known yet, then nothing is said).
 */
export function soundSummary(
  audio: { codec: string | null; sampleRate: number | null } | null,
): { key: string; params: Record<string, string> } | null {
  if (!audio?.codec) return null;
  if (audio.codec === 'none') return { key: 'cameras.sound.none', params: {} };
  const codec = SOUND_CODECS[audio.codec] ?? audio.codec.toUpperCase();
  const rate = audio.sampleRate ? ` ${audio.sampleRate / 1000} kHz` : '';
  return { key: audio.codec === 'aac' ? 'cameras.sound.aac' : 'cameras.sound.converted', params: { codec, rate } };
}
