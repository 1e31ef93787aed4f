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

const NAME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.mp4$/;

export function isSegmentName(file: string): boolean {
  return NAME.test(file);
}

/** The wall-clock start ffmpeg wrote into the name (strftime, TZ=UTC); undefined if not a segment. */
export function segmentStart(file: string): Date | undefined {
  const m = NAME.exec(file);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}
