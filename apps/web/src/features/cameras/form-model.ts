import {
  type Camera,
  type CameraSourceInput,
  type CreateCameraInput,
  codecLabel,
  type ProbeResult,
  type UpdateCameraInput,
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
  };
}

export function sourceOf(f: CameraForm): CameraSourceInput {
  if (f.type === 'test-pattern') return { type: 'test-pattern' };
  if (f.type === 'mjpeg') return { type: 'mjpeg', url: f.url.trim() };
  return {
    type: 'rtsp',
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
  return patch;
}

export function sourceChanged(before: CameraForm, f: CameraForm): boolean {
  return (
    f.type !== before.type || f.url.trim() !== before.url || f.username.trim() !== before.username || f.password !== ''
  );
}

/** The server explains probe failures in English; known ones are shown in the reader's language. */
const PROBE_ERRORS: [RegExp, string][] = [
  [/^Connection refused — nothing is listening at (?<target>.+)$/, 'cameras.probe.err.refused'],
  [/401 Unauthorized/, 'cameras.probe.err.auth'],
  [/\(404\)/, 'cameras.probe.err.notFound'],
  [/^Host not found$/, 'cameras.probe.err.host'],
  [/^Timed out/, 'cameras.probe.err.timeout'],
  [/^No video stream/, 'cameras.probe.err.noVideo'],
];

export function probeErrorKey(error: string): { key: string; params: Record<string, string> } | null {
  for (const [re, key] of PROBE_ERRORS) {
    const m = re.exec(error);
    if (m) return { key, params: { ...m.groups } };
  }
  return null;
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
