import path from 'node:path';

/**
 * Where a camera's media lives: <mediaRoot>/<workspaceId>/<cameraId>/segments/<UTC time>.mp4.
 * The segment index stores paths relative to the media root so the root can move.
 */
export function segmentDir(mediaRoot: string, workspaceId: string, cameraId: string): string {
  return path.join(mediaRoot, workspaceId, cameraId, 'segments');
}

export function relativeSegmentPath(workspaceId: string, cameraId: string, file: string): string {
  return [workspaceId, cameraId, 'segments', file].join('/');
}

/**
 * `<UTC yyyymmddThhmmss>Z[-e<epoch>].mp4`. A recorder holding the camera's lease names its files
 * with the lease's epoch (its writer tag), so two writers of one camera in a shared folder — one
 * cut off from the database and still recording, one that took the camera over — never open the
 * same file, and each indexer knows which files are its own.
 */
const NAME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(e\d+))?\.mp4$/;

export function isSegmentName(file: string): boolean {
  return NAME.test(file);
}

/** The wall-clock start ffmpeg wrote into the name (strftime, TZ=UTC); undefined if not a segment. */
export function segmentStart(file: string): Date | undefined {
  const m = NAME.exec(file);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** Which writer made the file: `e<epoch>`, or '' for a recorder outside the lease system. */
export function writerOf(file: string): string {
  return NAME.exec(file)?.[7] ?? '';
}

/** The writer tag of a lease's epoch (undefined: no lease, untagged names). */
export function writerTag(epoch: number | undefined): string {
  return epoch === undefined ? '' : `e${epoch}`;
}
