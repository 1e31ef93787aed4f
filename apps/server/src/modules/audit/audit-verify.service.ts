import type { Db } from '@vigil/db';
import type { AuditVerifyResult } from '@vigil/shared';
import { GENESIS_HASH, entryHash } from './audit-hash.ts';
import { type AuditScope, type VerifyRow, auditRepo as repo } from './audit.repo.ts';

/** Rows per query: each is a short statement (well inside the statement timeout), 100 for a million. */
const BATCH = 10_000;

type Reason = NonNullable<AuditVerifyResult['brokenAt']>['reason'];

const recomputed = (r: VerifyRow) => entryHash({ ...r, details: JSON.parse(r.details) as unknown }, r.prevHash);

/**
 * Recomputes every hash of the chains in scope, in chain order, a batch at a time, and stops at
 * the first entry where a chain breaks:
 * - its seq skips (entries before it were removed): missing-entries, at it;
 * - its fields no longer give its hash (it was edited): hash-mismatch, at it;
 * - it is intact but links to a hash its predecessor no longer has: the predecessor was rewritten
 *   whole (fields and hash), so link-mismatch points at the predecessor.
 */
export async function verifyChains(db: Db, scope: AuditScope): Promise<AuditVerifyResult> {
  const started = performance.now();
  let entries = 0;
  let chains = 0;
  let prev: VerifyRow | null = null;
  const done = (brokenAt: VerifyRow | null, reason?: Reason): AuditVerifyResult => ({
    ok: brokenAt === null,
    entries,
    chains,
    brokenAt: brokenAt
      ? { id: brokenAt.id, chain: brokenAt.chain, seq: brokenAt.seq, at: brokenAt.at, reason: reason! }
      : null,
    ms: Math.round(performance.now() - started),
  });
  for (;;) {
    const rows = await repo.verifyBatch(db, scope, prev && { chain: prev.chain, seq: prev.seq }, BATCH);
    for (const row of rows) {
      entries += 1;
      const first = !prev || prev.chain !== row.chain;
      if (first) chains += 1;
      if (row.seq !== (first ? 1 : prev!.seq + 1)) return done(row, 'missing-entries');
      if (recomputed(row) !== row.hash) return done(row, 'hash-mismatch');
      if (row.prevHash !== (first ? GENESIS_HASH : prev!.hash)) return done(first ? row : prev, 'link-mismatch');
      prev = row;
    }
    if (rows.length < BATCH) return done(null);
  }
}
