import { chmodSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpegTools, prepareFfmpegTools } from './ffmpeg-binaries.ts';

/**
 * A start finds ffmpeg and ffprobe and asks each three questions; prepareFfmpegTools keeps the
 * answers in the data folder and asks again only when a binary is another file. The tools here
 * are scripts on a PATH of their own that answer as ffmpeg 5 does and count their runs.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-ffmpeg-tools-'));
const runs = path.join(dir, 'runs.log');
const tool = (name: string) => {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `#!/bin/sh
echo "$0 $*" >> ${runs}
case "$*" in
  -version) echo "${name} version 5.1.9-test Copyright (c) 2000-2026 the FFmpeg developers" ;;
  *demuxer=rtsp*) echo "  -timeout <int64> .D....... set timeout (in microseconds) of socket I/O operations" >&2 ;;
  *protocol=http*) echo "  -max_redirects <int> ED........ Maximum number of redirects" >&2 ;;
esac
`,
  );
  chmodSync(file, 0o755);
  return file;
};
const ffmpeg = tool('ffmpeg');
tool('ffprobe');
const env = { PATH: dir };
const cache = path.join(dir, 'ffmpeg-tools.json');
const runCount = () => {
  try {
    return readFileSync(runs, 'utf8').trim().split('\n').length;
  } catch {
    return 0;
  }
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prepareFfmpegTools', () => {
  it('answers what findFfmpegTools does, asks nothing while the binaries are the same files, and asks again when one changes', async () => {
    const found = findFfmpegTools(env);
    expect(found.ffmpeg).toEqual({
      path: ffmpeg,
      origin: 'system',
      version: 'ffmpeg version 5.1.9-test Copyright (c) 2000-2026 the FFmpeg developers',
      rtspTimeoutOption: '-timeout',
      httpMaxRedirects: true,
    });
    const before = runCount();
    expect(before).toBe(6);

    expect(await prepareFfmpegTools(cache, env)).toEqual(found);
    expect(runCount()).toBe(before + 6);
    // A warm restart: the same files, no run at all.
    expect(await prepareFfmpegTools(cache, env)).toEqual(found);
    expect(runCount()).toBe(before + 6);

    // ffmpeg upgraded in place: only it is asked again.
    const later = new Date(Date.now() + 60_000);
    utimesSync(ffmpeg, later, later);
    expect(await prepareFfmpegTools(cache, env)).toEqual(found);
    expect(runCount()).toBe(before + 9);
    expect(
      readFileSync(runs, 'utf8')
        .trim()
        .split('\n')
        .slice(-3)
        .every((l) => l.startsWith(ffmpeg)),
    ).toBe(true);
  });

  it('still starts when the kept answers cannot be read or written', async () => {
    writeFileSync(cache, 'not json');
    expect((await prepareFfmpegTools(cache, env)).ffprobe.version).toContain('ffprobe version 5.1.9-test');
    expect((await prepareFfmpegTools(path.join(dir, 'no-such-folder', 'tools.json'), env)).ffmpeg.path).toBe(ffmpeg);
  });
});
