import type { Db } from '@vigil/db';
import { insertSegment, insertSegments } from './camera-writes.ts';
import type { NewSegment, WriteFence } from './video.repo.ts';

interface Waiting {
  seg: NewSegment;
  fence?: WriteFence;
  resolve(indexed: boolean): void;
  reject(e: unknown): void;
}

/** How long the first segment of a round waits for the others (cameras finish theirs within this of each other). */
export const INDEX_BATCH_MS = 250;

/**
 * The index writes of every camera a recorder runs, in rounds. Segments are cut on the wall clock
 * (segment_atclocktime), so every camera completes one in the same second; those that come within
 * INDEX_BATCH_MS of the first are written in one transaction per workspace (camera-writes.ts
 * insertSegments: one commit, the owner's row locked and its usage recounted once) instead of one
 * transaction each. A round that fails is retried segment by segment, so one bad row costs only
 * itself.
 */
export class SegmentIndexBatch {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly windowMs = INDEX_BATCH_MS,
  ) {}

  /** Resolves with insertSegment's answer once the round this segment joined is written. */
  insert(seg: NewSegment, fence?: WriteFence): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ seg, fence, resolve, reject });
      if (!this.timer) this.timer = setTimeout(() => void this.round(), this.windowMs);
    });
  }

  private async round(): Promise<void> {
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    const byWorkspace = new Map<string, Waiting[]>();
    for (const w of batch) {
      const list = byWorkspace.get(w.seg.workspaceId);
      if (list) list.push(w);
      else byWorkspace.set(w.seg.workspaceId, [w]);
    }
    await Promise.all(
      [...byWorkspace].map(async ([workspaceId, items]) => {
        if (items.length === 1) return this.alone(items[0]!);
        try {
          const indexed = await insertSegments(this.db, workspaceId, items);
          for (const [i, w] of items.entries()) w.resolve(indexed[i]!);
        } catch {
          for (const w of items) await this.alone(w);
        }
      }),
    );
  }

  private alone(w: Waiting): Promise<void> {
    return insertSegment(this.db, w.seg, w.fence).then(w.resolve, w.reject);
  }
}
