import { type CameraAiSettings, type MotionSettings, cameraAiSettingsOf, motionSettingsOf } from '@vigil/shared';
import { AppError } from '../lib/app-error.ts';
import { checkTarget } from '../lib/outbound-policy.ts';
import type { SecretBox } from '../lib/secrets.ts';
import type { CameraSource, FfmpegArgsInput, RecordingMode } from './ffmpeg-args.ts';
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
  if (row.sourceType === 'rtsp') {
    source = {
      type: 'rtsp',
      url: row.sourceUrl ?? '',
      username: row.sourceUsername,
      // Throws when the secret cannot be opened (AUTH_SECRET changed): the caller reports it.
      password: row.sourcePasswordEnc ? secrets.open(row.sourcePasswordEnc) : null,
    };
  } else if (row.sourceType === 'mjpeg') {
    source = { type: 'mjpeg', url: row.sourceUrl ?? '' };
  } else {
    source = { type: 'test-pattern' };
  }
  const motionSettings = motionSettingsOf(row.motion);
  const detect = motionSettings.enabled || mode === 'motion';
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
  return { id: row.id, workspaceId: row.workspaceId, source, recordingMode: mode, motionSettings, ai, motion, key };
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
    return { refused: fields[0] ?? (e instanceof Error ? e.message : String(e)) };
  }
}
