import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { SpawnHelper } from './spawn-helper.ts';
import { segmentThumbnail } from './thumbnail.ts';
import { processAlive } from './tied-spawn.ts';

/** The helper that starts short-lived commands for the server (decision 0023), on real processes. */
const helper = new SpawnHelper();
afterAll(() => helper.stop());

describe('command helper', () => {
  it("answers each command's exit code, output and error output, many at once", async () => {
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        helper.run('sh', ['-c', `printf 'out ${i}'; printf 'err ${i}' >&2; exit ${i % 3}`], 5000),
      ),
    );
    runs.forEach((r, i) => {
      expect(r.code).toBe(i % 3);
      expect(r.stdout.toString()).toBe(`out ${i}`);
      expect(r.stderr).toBe(`err ${i}`);
    });
    // One helper process answered all of them.
    expect(helper.pid).toBeTypeOf('number');
  });

  it('hands binary output back byte for byte', async () => {
    const r = await helper.run('head', ['-c', '300000', '/dev/urandom'], 5000);
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBe(300_000);
    const again = await helper.run('sh', ['-c', 'printf "\\377\\330\\000\\001"'], 5000);
    expect([...again.stdout]).toEqual([0xff, 0xd8, 0x00, 0x01]);
  });

  it('kills a command that outlives its time, and fails one that cannot start', async () => {
    const t = performance.now();
    const slow = await helper.run('sleep', ['30'], 300);
    expect(slow.code).toBeNull();
    expect(slow.signal).toBe('SIGKILL');
    expect(performance.now() - t).toBeLessThan(5000);
    // Refused by spawn itself (ENOENT), or, tied through setpriv, by setpriv's failed exec.
    const missing = await helper.run('/nonexistent/vigil-command', [], 1000).then(
      (r) => r,
      (e: Error) => e,
    );
    if (missing instanceof Error) expect(missing.message).toMatch(/ENOENT/);
    else {
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain('/nonexistent/vigil-command');
    }
  });

  it('starts again after its process died, and refuses what was running then', async () => {
    const first = helper.pid!;
    const running = helper.run('sleep', ['30'], 60_000);
    process.kill(first, 'SIGKILL');
    await expect(running).rejects.toThrow(/helper ended/);
    const r = await helper.run('sh', ['-c', 'printf ok'], 5000);
    expect(r.stdout.toString()).toBe('ok');
    expect(helper.pid).not.toBe(first);
    expect(processAlive(first)).toBe(false);
  });

  it('takes a thumbnail of a recorded segment through the server helper', async () => {
    const segment = new URL('./fixtures/live-sample.mp4', import.meta.url).pathname;
    expect(readFileSync(segment).length).toBeGreaterThan(0);
    const jpeg = await segmentThumbnail(ffmpegTools().ffmpeg.path, segment, 0, undefined, null);
    expect(jpeg).not.toBeNull();
    expect([jpeg![0], jpeg![1]]).toEqual([0xff, 0xd8]);
    expect([jpeg!.at(-2), jpeg!.at(-1)]).toEqual([0xff, 0xd9]);
  });
});
