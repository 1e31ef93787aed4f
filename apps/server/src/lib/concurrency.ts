/**
 * A limit on how many of some work run at once (ffmpeg decodes, uploads: two cores are shared by
 * everything). `run(fn)` starts `fn` when fewer than `max` are running, else when one finishes,
 * first come first served.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((r) => waiting.push(r));
    running += 1;
    try {
      return await fn();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
