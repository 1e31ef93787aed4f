import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';

const run = promisify(execFile);

/** Real fragmented-MP4 segments from ffmpeg's test source: `seconds` of video cut every `every` s. */
export async function generateSegments(dir: string, seconds = 6, every = 2): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=15'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-f', 'segment'],
    ...['-segment_time', String(every), '-segment_format', 'mp4'],
    ...['-segment_format_options', 'movflags=+frag_keyframe+empty_moov+default_base_moof', '-reset_timestamps', '1'],
    path.join(dir, '%03d.mp4'),
  ]);
  return (await readdir(dir))
    .filter((f) => f.endsWith('.mp4'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Bytes before the first `moof` box: the file's own init (ftyp + moov) that EXT-X-MAP points at. */
export function initBytesOf(buf: Buffer): number {
  let at = 0;
  while (at + 8 <= buf.length) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    if (type === 'moof') return at;
    if (size < 8) break;
    at += size;
  }
  throw new Error('no moof box: not a fragmented MP4');
}

export async function durationOf(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', file]);
  return Number(JSON.parse(stdout).format.duration);
}

/** yyyymmddThhmmssZ, the recorder's segment file name. */
export const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export interface PlacedSegment {
  path: string;
  startAt: Date;
  endAt: Date;
  bytes: number;
  initBytes: number;
}

/**
 * Copies `source` into the media tree as the recorder lays it out and indexes it: one segment
 * row, grouped into `recordingId`. Returns the row as inserted.
 */
export async function placeSegment(
  client: pg.Client,
  mediaRoot: string,
  o: {
    workspaceId: string;
    cameraId: string;
    recordingId: string | null;
    source: string;
    startAt: Date;
    seconds: number;
  },
): Promise<PlacedSegment> {
  const rel = `${o.workspaceId}/${o.cameraId}/segments/${stamp(o.startAt)}.mp4`;
  await mkdir(path.dirname(path.join(mediaRoot, rel)), { recursive: true });
  await copyFile(o.source, path.join(mediaRoot, rel));
  const buf = await readFile(o.source);
  const seg = {
    path: rel,
    startAt: o.startAt,
    endAt: new Date(o.startAt.getTime() + o.seconds * 1000),
    bytes: (await stat(o.source)).size,
    initBytes: initBytesOf(buf),
  };
  await client.query(
    `insert into segments (camera_id, workspace_id, recording_id, start_at, end_at, bytes, path, init_bytes)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [o.cameraId, o.workspaceId, o.recordingId, seg.startAt, seg.endAt, seg.bytes, seg.path, seg.initBytes],
  );
  return seg;
}

export async function insertCamera(client: pg.Client, workspaceId: string, name: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into cameras (workspace_id, name, source_type) values ($1, $2, 'test-pattern') returning id`,
    [workspaceId, name],
  );
  return rows[0]!.id;
}

export async function insertRecording(
  client: pg.Client,
  o: { workspaceId: string; cameraId: string; startAt: Date; endAt: Date; bytes?: number; kind?: string },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into recordings (camera_id, workspace_id, kind, start_at, end_at, bytes) values ($1, $2, $3, $4, $5, $6) returning id`,
    [o.cameraId, o.workspaceId, o.kind ?? 'continuous', o.startAt, o.endAt, o.bytes ?? 0],
  );
  return rows[0]!.id;
}
