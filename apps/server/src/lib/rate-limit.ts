/**
 * An in-process token bucket per key: for work that costs this process's own CPU (an ffmpeg
 * frame grab, an open stream), where a count shared through the database would buy nothing.
 * Limits that must hold across processes (sign-up, sign-in) live in PostgreSQL (auth/throttle).
 */
export interface RateLimiter {
  /** Takes one unit; returns 0 when allowed, else the seconds until one is free. */
  take(key: string): number;
}

export function createRateLimiter(opts: { burst: number; perMinute: number; now?: () => number }): RateLimiter {
  const now = opts.now ?? Date.now;
  const refillPerMs = opts.perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      const t = now();
      const b = buckets.get(key) ?? { tokens: opts.burst, at: t };
      b.tokens = Math.min(opts.burst, b.tokens + (t - b.at) * refillPerMs);
      b.at = t;
      buckets.set(key, b);
      // Full buckets carry no information: forget them so the map stays as small as the active keys.
      if (buckets.size > 10_000) for (const [k, v] of buckets) if (v.tokens >= opts.burst) buckets.delete(k);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - b.tokens) / refillPerMs / 1000);
    },
  };
}
