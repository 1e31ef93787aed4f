import type { Db } from '@vigil/db';
import type { AuditVerifyResult } from '@vigil/shared';
import { type AuditScope, type VerifyCursor, auditRepo as repo } from './audit.repo.ts';

/**
 * Entries per query: PostgreSQL recomputes their hashes where they are, so each query is a
 * short statement (well inside the statement timeout) and a million entries are 20 of them.
 */
const BATCH = 50_000;

/**
 * Recomputes every hash of the chains in scope, in chain order, a batch at a time, and stops at
 * the first entry where a chain breaks:
 * - its seq skips (entries before it were removed): missing-entries, at it;
 * - its fields no longer give its hash (it was edited): hash-mismatch, at it;
 * - it is intact but links to a hash its predecessor no longer has: the predecessor was rewritten
 *   whole (fields and hash), so link-mismatch points at the predecessor.
 * (Entries removed from a chain's end leave no trace in the chain itself; the trigger refuses it.)
 */
export async function verifyChains(db: Db, scope: AuditScope, batchSize = BATCH): Promise<AuditVerifyResult> {
  const started = performance.now();
  let entries = 0;
  let chains = 0;
  let after: VerifyCursor | null = null;
  for (;;) {
    const batch = await repo.verifyBatch(db, scope, after, batchSize);
    entries += batch.checked;
    chains += batch.newChains;
    if (batch.broken || !batch.last || batch.checked < batchSize)
      return {
        ok: !batch.broken,
        entries,
        chains,
        brokenAt: batch.broken,
        ms: Math.round(performance.now() - started),
      };
    after = batch.last;
  }
}
