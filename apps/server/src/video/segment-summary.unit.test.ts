import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarizeFragmentedMp4 } from './mp4-fragments.ts';
import { initSize } from './mp4-init.ts';
import { readSegmentSummary } from './segment-summary.ts';

/** Real ffmpeg output (see live-feed.unit.test.ts and sound-tracks.unit.test.ts): picture, picture and sound. */
const FIXTURES = ['live-sample.mp4', 'live-sound-sample.mp4', 'segment-sound-sample.mp4'];
const dir = mkdtempSync(path.join(tmpdir(), 'segment-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file as written, and cut short as a kill -9 leaves it: mid-mdat, mid-moof, in the init. */
function cases(name: string): { label: string; file: string; bytes: Buffer }[] {
  const whole = readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  return [1, 0.61, 0.33, 0.005].map((share) => {
    const bytes = whole.subarray(0, Math.floor(whole.length * share));
    const file = path.join(dir, `${share}-${name}`);
    writeFileSync(file, bytes);
    return { label: `${name} (${share * 100} %)`, file, bytes };
  });
}

describe('a segment summarised without its media', () => {
  for (const c of FIXTURES.flatMap(cases)) {
    it(`says what the whole file says: ${c.label}`, async () => {
      const expected = summarizeFragmentedMp4(c.bytes);
      // 0: every file is read box by box, skipping its mdat payloads.
      const skipped = await readSegmentSummary(c.file, 0);
      const whole = await readSegmentSummary(c.file, Number.POSITIVE_INFINITY);
      for (const s of [skipped, whole]) {
        expect(s).toMatchObject({ ...expected, bytes: c.bytes.length });
        expect(s!.init.equals(c.bytes.subarray(0, initSize(c.bytes)))).toBe(true);
      }
    });
  }

  it('is undefined for a file that is not there', async () => {
    expect(await readSegmentSummary(path.join(dir, 'none.mp4'))).toBeUndefined();
  });
});
