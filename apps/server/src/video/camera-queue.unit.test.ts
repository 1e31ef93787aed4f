import { describe, expect, it } from 'vitest';
import { CameraQueue } from './camera-queue.ts';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('CameraQueue', () => {
  it('runs one camera’s work in order, beside another camera’s; a failure is logged and the next runs', async () => {
    const logs: string[] = [];
    const q = new CameraQueue((m) => logs.push(m), 10);
    const done: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      await tick(ms);
      done.push(name);
    };
    void q.enqueue('a', slow('a1', 30));
    void q.enqueue('a', async () => {
      throw new Error('the disk');
    });
    void q.enqueue('a', slow('a3', 0));
    void q.enqueue('b', slow('b1', 5));
    await q.settled();
    expect(done).toEqual(['b1', 'a1', 'a3']);
    expect(logs).toEqual(['camera a: the disk']);
  });

  it('a retry asked for twice runs once; none after stop', async () => {
    const q = new CameraQueue(() => undefined, 10);
    let again = 0;
    q.retryLater('a', () => again++);
    q.retryLater('a', () => again++);
    await tick(30);
    expect(again).toBe(1);
    q.retryLater('a', () => again++);
    q.stop();
    await tick(30);
    expect(again).toBe(1);
    q.retryLater('b', () => again++);
    await tick(30);
    expect(again).toBe(1);
  });
});
