import type { SecretBox } from '../lib/secrets.ts';
import type { CameraSource, RecordingMode } from './ffmpeg-args.ts';
import type { CameraRow } from './video.repo.ts';

/** A camera row as the recorder runs it: the password opened, and a key that changes when a restart is due. */
export interface CameraSpec {
  id: string;
  workspaceId: string;
  source: CameraSource;
  recordingMode: RecordingMode;
  /** Equal keys mean the running ffmpeg already matches the row. */
  key: string;
}

export function toCameraSpec(row: CameraRow, secrets: SecretBox): CameraSpec {
  const mode = (
    ['continuous', 'motion', 'off'].includes(row.recordingMode) ? row.recordingMode : 'continuous'
  ) as RecordingMode;
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
  const key = JSON.stringify([row.sourceType, row.sourceUrl, row.sourceUsername, row.sourcePasswordEnc, mode]);
  return { id: row.id, workspaceId: row.workspaceId, source, recordingMode: mode, key };
}
