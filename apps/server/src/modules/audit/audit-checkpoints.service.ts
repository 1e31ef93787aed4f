import { text } from 'node:stream/consumers';
import type { DbOrTx } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { type AuditKeys, checkpointSigned, signCheckpoint } from './audit-hash.ts';
import { type ChainHead, auditRepo as repo } from './audit.repo.ts';

/**
 * Signed checkpoints, kept outside the database: one object in the configured storage (a file
 * under the data folder, or the S3 bucket) holding every chain's last entry as of `writtenAt`,
 * signed with the checkpoint key. Verify compares the chains with it, so what the chain alone
 * cannot show is seen too: a removed tail (the chain now ends before its checkpoint), a removed
 * chain (a checkpoint with no rows) and a chain rewritten from its start (the checkpoint's entry
 * no longer has the hash it had).
 */
export const CHECKPOINT_KEY = 'audit-checkpoints/chains.json';

export interface Checkpoints {
  writtenAt: string;
  chains: Map<string, ChainHead>;
}

/** The stored form: the signed body as written (no re-serialisation to agree on) and its MAC. */
interface Stored {
  body: string;
  mac: string;
}

/** The checkpoints, null when none was ever written, 'forged' when the signature does not hold. */
export async function readCheckpoints(storage: Storage, keys: AuditKeys): Promise<Checkpoints | null | 'forged'> {
  let raw: string;
  try {
    raw = await text((await storage.read(CHECKPOINT_KEY)).stream);
  } catch (e) {
    if (e instanceof AppError && e.code === 'not-found') return null;
    throw e;
  }
  let stored: Stored;
  try {
    stored = JSON.parse(raw) as Stored;
  } catch {
    return 'forged';
  }
  if (typeof stored?.body !== 'string' || typeof stored.mac !== 'string') return 'forged';
  if (!checkpointSigned(keys, stored.body, stored.mac)) return 'forged';
  const body = JSON.parse(stored.body) as { writtenAt: string; chains: ChainHead[] };
  return { writtenAt: body.writtenAt, chains: new Map(body.chains.map((c) => [c.chain, c])) };
}

/**
 * Writes each chain's head now. A checkpoint never moves back: a chain that now ends before its
 * checkpoint, or has gone, keeps the checkpoint it had (the evidence Verify reports). A stored
 * file whose signature fails is not overwritten either: the job fails, visible among dead jobs.
 */
export async function writeCheckpoints(db: DbOrTx, storage: Storage, keys: AuditKeys): Promise<Checkpoints> {
  const previous = await readCheckpoints(storage, keys);
  if (previous === 'forged')
    throw new Error(`The audit checkpoints (${CHECKPOINT_KEY}) fail their signature: left as found.`);
  const chains = new Map(previous?.chains);
  for (const head of await repo.heads(db)) {
    const before = chains.get(head.chain);
    if (!before || head.seq >= before.seq) chains.set(head.chain, head);
  }
  const writtenAt = new Date().toISOString();
  const body = JSON.stringify({ writtenAt, chains: [...chains.values()] });
  const stored: Stored = { body, mac: signCheckpoint(keys, body) };
  await storage.put(CHECKPOINT_KEY, Buffer.from(JSON.stringify(stored)), 'application/json');
  return { writtenAt, chains };
}
