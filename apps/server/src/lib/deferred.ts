/**
 * Work a request starts but does not wait for, so its answer takes the same time whatever the work
 * finds (a reset request for an unknown email answers as fast as one that queues a mail; the mail
 * itself is sent by the job queue, retried there). Failures are logged; shutdown waits for what is running.
 */
export interface Deferred {
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every started task has settled. */
  drain(): Promise<void>;
}

export function createDeferred(log: (message: string) => void): Deferred {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const p = Promise.resolve()
        .then(task)
        .catch((e) => log(`${name} failed: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
