import {
  type CameraAiSettings,
  type MotionSettings,
  cameraAiSettingsOf,
  cameraFailureMessage,
  motionSettingsOf,
} from '@vigil/shared';
import { AppError } from '../lib/app-error.ts';
import { checkTarget } from '../lib/outbound-policy.ts';
import type { SecretBox } from '../lib/secrets.ts';
import {
  type AudioHandling,
  audioHandling,
  type CameraSource,
  type FfmpegArgsInput,
  type RecordingMode,
} from './ffmpeg-args.ts';
import type { CameraRow } from './video.repo.ts';

/** A camera row as the recorder runs it: the password opened, and a key that changes when a restart is due. */
export interface CameraSpec {
  id: string;
  workspaceId: string;
  source: CameraSource;
  /** What ffmpeg does now: the row's mode, or 'off' while its schedule says it does not record. */
  recordingMode: RecordingMode;
  /** The saved settings, defaults filled in. */
  motionSettings: MotionSettings;
  /** AI detection while motion lasts; applies live, like the motion settings. */
  ai: CameraAiSettings;
  /** Motion frames wanted (motion mode, or events on), and from which stream. */
  motion: FfmpegArgsInput['motion'];
  /** The sound recorded and sent live with the picture; absent: none (switched off, or the camera sends none). */
  audio?: AudioHandling;
  /** Sound is wanted but what the camera sends is not known yet: the runner asks before starting ffmpeg. */
  probeAudio: boolean;
  /** Equal keys mean the running ffmpeg already matches the row (motion zones etc. apply live). */
  key: string;
}

/** The substream URL keeps at most its user name; its password is sealed apart. */
export function substreamOf(
  row: Pick<CameraRow, 'sourceType' | 'substreamUrl' | 'substreamPasswordEnc'>,
  secrets: SecretBox,
) {
  if (row.sourceType !== 'rtsp' || !row.substreamUrl) return undefined;
  const url = new URL(row.substreamUrl);
  const username = decodeURIComponent(url.username) || null;
  url.username = '';
  url.password = '';
  return {
    url: url.toString(),
    username,
    password: row.substreamPasswordEnc ? secrets.open(row.substreamPasswordEnc) : null,
  };
}

/**
 * @param recordingAllowed false while a camera that records on its schedule is disarmed.
 */
export function toCameraSpec(row: CameraRow, secrets: SecretBox, recordingAllowed = true): CameraSpec {
  const saved = (
    ['continuous', 'motion', 'off'].includes(row.recordingMode) ? row.recordingMode : 'continuous'
  ) as RecordingMode;
  const mode: RecordingMode = recordingAllowed ? saved : 'off';
  let source: CameraSource;
  if (row.sourceType === 'rtsp' || row.sourceType === 'mjpeg') {
    // The same credentials the probe used: RTSP's, or HTTP Basic/Digest for MJPEG.
    source = {
      type: row.sourceType,
      url: row.sourceUrl ?? '',
      username: row.sourceUsername,
      // Throws when the secret cannot be opened (AUTH_SECRET changed): the caller reports it.
      password: row.sourcePasswordEnc ? secrets.open(row.sourcePasswordEnc) : null,
    };
  } else {
    source = { type: 'test-pattern' };
  }
  const motionSettings = motionSettingsOf(row.motion);
  // Motion taken from the camera alone decodes nothing here, unless "on motion" recording needs the gate.
  const detect = (motionSettings.enabled && motionSettings.source !== 'camera') || mode === 'motion';
  const substream = detect ? substreamOf(row, secrets) : undefined;
  const motion = detect ? (substream ? { substream } : {}) : undefined;
  const key = JSON.stringify([
    row.sourceType,
    row.sourceUrl,
    row.sourceUsername,
    row.sourcePasswordEnc,
    mode,
    detect,
    detect && row.substreamUrl,
    detect && row.substreamPasswordEnc,
  ]);
  const ai = cameraAiSettingsOf(row.ai);
  const sound = row.recordSound && row.sourceType === 'rtsp';
  // Not known yet (or not learnt): converting is right for any codec, so a failed look still records sound.
  const audio = sound ? (row.audioCodec === null ? 'aac' : audioHandling(row.audioCodec)) : undefined;
  const spec = { id: row.id, workspaceId: row.workspaceId, source, recordingMode: mode, motionSettings, ai, motion };
  return withAudio({ ...spec, probeAudio: sound && row.audioCodec === null, key }, audio);
}

/**
 * The spec once the camera's sound is known; its key says how sound is handled, so a row that
 * learnt its codec needs no restart when the handling is the same.
 */
export function withAudio(spec: CameraSpec, audio: AudioHandling | undefined): CameraSpec {
  const base = spec.key.split('|sound:')[0];
  return { ...spec, audio, key: `${base}|sound:${audio ?? 'none'}` };
}

/**
 * Checks (and resolves) the camera's addresses against the outbound policy at every start: the
 * name may point elsewhere than when it was saved. ffmpeg then connects to the checked address,
 * never to a second answer from DNS. Refused: the sentence the camera's status shows.
 */
export async function pinSourceAddresses(
  spec: CameraSpec,
  allowLoopback: boolean,
): Promise<{ spec: CameraSpec } | { refused: string }> {
  if (spec.source.type === 'test-pattern') return { spec };
  try {
    const checked = await checkTarget(spec.source.url, { allowLoopback });
    let pinned: CameraSpec = { ...spec, source: { ...spec.source, url: checked.pinnedUrl } };
    const sub = pinned.motion?.substream;
    if (sub) {
      const subChecked = await checkTarget(sub.url, { allowLoopback });
      pinned = { ...pinned, motion: { substream: { ...sub, url: subChecked.pinnedUrl } } };
    }
    return { spec: pinned };
  } catch (e) {
    const fields = e instanceof AppError ? Object.values(e.fields ?? {}) : [];
    const notFound = /^host not found: (.+)$/.exec(fields[0] ?? '');
    if (notFound) return { refused: cameraFailureMessage('camera/host-not-found', notFound[1]) };
    return { refused: fields[0] ?? (e instanceof Error ? e.message : String(e)) };
  }
}
