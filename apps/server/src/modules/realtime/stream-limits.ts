/** Open realtime streams allowed at once, per signed-in person and per client address. */
export const STREAMS_PER_USER = 16;
export const STREAMS_PER_ADDRESS = 32;

/**
 * Counts open streams per person and per address. `open` returns an idempotent release (a stream
 * closes through several paths), or null when either count is full.
 */
export function createStreamLimits(limits = { perUser: STREAMS_PER_USER, perAddress: STREAMS_PER_ADDRESS }) {
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string, d: number) => {
    const n = (m.get(k) ?? 0) + d;
    if (n <= 0) m.delete(k);
    else m.set(k, n);
  };
  return {
    open(uid: string | undefined, address: string): (() => void) | null {
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) return null;
      if (uid && (byUser.get(uid) ?? 0) >= limits.perUser) return null;
      bump(byAddress, address, 1);
      if (uid) bump(byUser, uid, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        bump(byAddress, address, -1);
        if (uid) bump(byUser, uid, -1);
      };
    },
  };
}
