import type { CameraImportLine, DiscoveredDevice } from '@vigil/shared';

/** The shared check of a CSV's lines (the server runs it too). */
export type CsvCheck = (csv: string) => CameraImportLine[];

/** What the CSV tab shows as the example: every column, quoting where a value needs it. */
export const CSV_TEMPLATE = [
  'name,url,username,password,recording mode',
  'Entrance,rtsp://192.168.1.20:554/stream1,admin,"pa,ss",continuous',
  'Loading dock,rtsp://192.168.1.21/h264,viewer,secret,motion',
  'Parking (MJPEG),http://192.168.1.30/video.mjpg,,,off',
].join('\n');

/**
 * The page's preview of a CSV before it is sent (the server checks again and has the last word):
 * nothing to preview until the check has loaded.
 */
export function previewCsv(csv: string, check: CsvCheck | null): { lines: number; problems: CameraImportLine[] } {
  if (!csv.trim() || !check) return { lines: 0, problems: [] };
  const lines = check(csv);
  return { lines: lines.length, problems: lines.filter((l) => l.error) };
}

/** A device's default name for its camera: its own name, else its model, else its address. */
export const deviceLabel = (d: DiscoveredDevice) => d.name ?? d.model ?? d.host;

/** "10.0.0.5, 10.0.0.6:3702" → the unicast targets; blanks dropped. */
export const parseTargets = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const deviceKey = (d: DiscoveredDevice) => d.endpoint ?? d.xaddr;
