import type { Db } from '@vigil/db';
import { type AuditVerifyResult, INSTALLATION_CHAIN } from '@vigil/shared';
import type { Storage } from '../../lib/storage.ts';
import { readCheckpoints } from './audit-checkpoints.service.ts';
import type { AuditKeys } from './audit-hash.ts';
import { type AuditScope, type VerifyCursor, auditRepo as repo } from './audit.repo.ts';

/**
 * Entries per query: PostgreSQL recomputes their hashes where they are, so each query is a
 * short statement (well inside the statement timeout) and a million entries are 20 of them.
 */
const BATCH = 50_000;

type Break = NonNullable<AuditVerifyResult['brokenAt']>;

/**
 * Recomputes every hash of the chains in scope, in chain order, a batch at a time, and stops at
 * the first entry where a chain breaks:
 * - its seq skips (entries before it were removed): missing-entries, at it;
 * - its fields no longer give its hash (it was edited, or re-hashed without the key): hash-mismatch, at it;
 * - it is intact but links to a hash its predecessor no longer has: the predecessor was rewritten
 *   whole (fields and hash), so link-mismatch points at the predecessor.
 * Entries removed from a chain's end leave no trace in the chain itself: the checkpoints show them.
 */
export async function verifyChains(
  db: Db,
  keys: AuditKeys,
  scope: AuditScope,
  batchSize = BATCH,
): Promise<Omit<AuditVerifyResult, 'ms' | 'checkpointAt'>> {
  let entries = 0;
  let chains = 0;
  let after: VerifyCursor | null = null;
  for (;;) {
    const batch = await repo.verifyBatch(db, keys, scope, after, batchSize);
    entries += batch.checked;
    chains += batch.newChains;
    if (batch.broken || !batch.last || batch.checked < batchSize)
      return { ok: !batch.broken, entries, chains, brokenAt: batch.broken };
    after = batch.last;
  }
}

/**
 * Compares the chains in scope with their signed checkpoints: each checkpointed chain must still
 * reach the checkpoint's seq, with the hash it had then. Returns the first break in chain order.
 */
export async function checkCheckpoints(
  db: Db,
  storage: Storage,
  keys: AuditKeys,
  scope: AuditScope,
): Promise<{ writtenAt: string | null; broken: Break | null }> {
  const checkpoints = await readCheckpoints(storage, keys);
  if (checkpoints === null) return { writtenAt: null, broken: null };
  const chain = scope === 'installation' ? INSTALLATION_CHAIN : scope.workspaceId;
  if (checkpoints === 'forged')
    return {
      writtenAt: null,
      broken: { id: '', chain, seq: 0, at: new Date(0).toISOString(), reason: 'checkpoint-forged' },
    };
  const points = [...checkpoints.chains.values()].filter((c) => scope === 'installation' || c.chain === chain);
  const found = new Map((await repo.atCheckpoints(db, points)).map((f) => [f.chain, f]));
  const breaks: Break[] = [];
  for (const cp of points) {
    const now = found.get(cp.chain);
    if (!now || now.lastSeq === null)
      breaks.push({ id: cp.id, chain: cp.chain, seq: cp.seq, at: cp.at, reason: 'chain-removed' });
    else if (now.lastSeq < cp.seq)
      breaks.push({
        id: now.lastSeq + 1 === cp.seq ? cp.id : '',
        chain: cp.chain,
        seq: now.lastSeq + 1,
        at: cp.at,
        reason: 'tail-removed',
      });
    else if (now.hash !== cp.hash)
      breaks.push({
        id: now.id ?? cp.id,
        chain: cp.chain,
        seq: cp.seq,
        at: now.at ?? cp.at,
        reason: 'checkpoint-mismatch',
      });
  }
  return { writtenAt: checkpoints.writtenAt, broken: breaks.sort(byPlace)[0] ?? null };
}

/** Chain order: the order Verify walks the chains in. */
function byPlace(a: Break, b: Break): number {
  return a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : a.seq - b.seq;
}

/** The chains and their checkpoints: the first break of either, in chain order. */
export async function verifyLog(
  db: Db,
  storage: Storage,
  keys: AuditKeys,
  scope: AuditScope,
): Promise<AuditVerifyResult> {
  const started = performance.now();
  const [chains, checkpoints] = await Promise.all([
    verifyChains(db, keys, scope),
    checkCheckpoints(db, storage, keys, scope),
  ]);
  const first = [chains.brokenAt, checkpoints.broken].filter((b): b is Break => b !== null).sort(byPlace)[0] ?? null;
  return {
    ...chains,
    ok: first === null,
    brokenAt: first,
    checkpointAt: checkpoints.writtenAt,
    ms: Math.round(performance.now() - started),
  };
}
