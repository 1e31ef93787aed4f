import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ffmpegPidsFor, waitFor } from '../../test/recorder-helpers.ts';
import { endLeftoverFfmpeg } from './tied-spawn.ts';

/**
 * A recorder starting on a media folder it may share with other live recorders (MEDIA_DIR on a
 * network share, or one machine running two `record` processes) ends only the ffmpegs a dead
 * process left behind, never the ones another recorder is running.
 */
const writer = (file: string) => [
  ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5'],
  ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov', file],
];
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
});

describe('endLeftoverFfmpeg on a shared media folder', () => {
  it("leaves a live recorder's ffmpeg alone, and ends it once that recorder has died", async () => {
    const root = mkdtempSync(path.join(inject('tmpRoot'), 'shared-media-'));
    const dir = path.join(root, 'ws', 'cam', 'segments');
    mkdirSync(dir, { recursive: true });
    // Another recorder: a live Node process whose child ffmpeg writes into the shared folder.
    const script = `require('node:child_process').spawn('ffmpeg', ${JSON.stringify(writer(path.join(dir, 'live.mp4')))}, { stdio: 'ignore' }); setInterval(() => {}, 1000);`;
    const other = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    started.push(other.pid!);
    const [ffmpeg] = await waitFor(
      () => {
        const pids = ffmpegPidsFor(dir);
        return pids.length === 1 ? pids : undefined;
      },
      5000,
      "the other recorder's ffmpeg",
    );
    started.push(ffmpeg!);

    expect(await endLeftoverFfmpeg(root)).toEqual([]);
    expect(alive(ffmpeg!)).toBe(true);

    // That recorder dies (kill -9): its ffmpeg is now a leftover, re-parented away from Node.
    other.kill('SIGKILL');
    await waitFor(() => !alive(other.pid!), 5000, 'the other recorder to die');
    expect(await endLeftoverFfmpeg(root)).toEqual([ffmpeg]);
    await waitFor(() => ffmpegPidsFor(dir).length === 0, 5000, 'the leftover to be gone');
  });

  it('ends an ffmpeg whose parent has exited (re-parented to init)', async () => {
    const root = mkdtempSync(path.join(inject('tmpRoot'), 'orphan-media-'));
    const dir = path.join(root, 'ws', 'cam', 'segments');
    mkdirSync(dir, { recursive: true });
    const quoted = writer(path.join(dir, 'orphan.mp4'))
      .map((a) => `'${a}'`)
      .join(' ');
    const pid = Number(
      execFileSync('sh', ['-c', `ffmpeg ${quoted} >/dev/null 2>&1 & echo $!`])
        .toString()
        .trim(),
    );
    started.push(pid);
    await waitFor(() => ffmpegPidsFor(dir).includes(pid), 5000, 'the orphaned ffmpeg');
    expect(await endLeftoverFfmpeg(root)).toEqual([pid]);
    expect(ffmpegPidsFor(dir)).toEqual([]);
  });
});
