import type { PtzMove } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PtzDrive, REPEAT_MS, directionOfKey, moveOf } from './ptz-drive.ts';

describe('PTZ drive', () => {
  let sent: (PtzMove | 'stop')[];
  let fail: PtzMove | null;
  let failures: unknown[];
  let drive: PtzDrive;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    failures = [];
    fail = null;
    drive = new PtzDrive({
      move: async (m) => {
        sent.push(m);
        if (fail) throw new Error('refused');
      },
      stop: async () => {
        sent.push('stop');
      },
      failed: (e) => failures.push(e),
    });
  });
  afterEach(() => vi.useRealTimers());

  it('sends the move at once and repeats it while held; the release stops', async () => {
    drive.press('right');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ pan: 0.6, tilt: 0, zoom: 0 }]);
    await vi.advanceTimersByTimeAsync(REPEAT_MS * 3 + 10);
    expect(sent).toHaveLength(4);
    drive.release('right');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)).toBe('stop');
    await vi.advanceTimersByTimeAsync(REPEAT_MS * 3);
    expect(sent).toHaveLength(5);
  });

  it('held together they add up; letting one go keeps the other; a key repeat changes nothing', async () => {
    drive.press('up');
    drive.press('left');
    drive.press('left');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      { pan: 0, tilt: 0.6, zoom: 0 },
      { pan: -0.6, tilt: 0.6, zoom: 0 },
    ]);
    drive.release('up');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)).toEqual({ pan: -0.6, tilt: 0, zoom: 0 });
    drive.releaseAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)).toBe('stop');
    drive.releaseAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.filter((s) => s === 'stop')).toHaveLength(1);
  });

  it('a refused move is reported once and not repeated', async () => {
    fail = { pan: 0, tilt: 0, zoom: 0 };
    drive.press('zoomIn');
    await vi.advanceTimersByTimeAsync(REPEAT_MS * 3);
    expect(sent).toEqual([{ pan: 0, tilt: 0, zoom: 0.5 }]);
    expect(failures).toHaveLength(1);
    expect(drive.moving).toBe(false);
  });

  it('keys: arrows steer, + and - zoom, others are not ours', () => {
    expect(['ArrowUp', 'ArrowLeft', '+', '-', 'a', 'Enter'].map(directionOfKey)).toEqual([
      'up',
      'left',
      'zoomIn',
      'zoomOut',
      null,
      null,
    ]);
    expect(moveOf(['up', 'down'])).toEqual({ pan: 0, tilt: 0, zoom: 0 });
  });
});

describe('PTZ drive order', () => {
  it('a quick tap’s stop waits for its move to be answered', async () => {
    const log: string[] = [];
    let answer: () => void = () => {};
    const drive = new PtzDrive({
      move: () =>
        new Promise<void>((r) => {
          log.push('move sent');
          answer = () => {
            log.push('move answered');
            r();
          };
        }),
      stop: async () => {
        log.push('stop sent');
      },
      failed: () => {},
    });
    drive.press('zoomIn');
    drive.release('zoomIn');
    await Promise.resolve();
    expect(log).toEqual(['move sent']);
    answer();
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['move sent', 'move answered', 'stop sent']);
  });
});
