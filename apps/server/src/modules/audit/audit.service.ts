import type { Db, DbOrTx, Tx } from '@vigil/db';
import {
  type AuditAction,
  type AuditEntry,
  type AuditFilters,
  type AuditPage,
  type AuditQuery,
  type AuditVerifyResult,
  INSTALLATION_CHAIN,
  auditQuerySchema,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { requestContext } from '../../lib/request-context.ts';
import { csvLine } from '../../lib/csv.ts';
import { CSV_HEADER, csvRow } from './audit-csv.ts';
import type { Storage } from '../../lib/storage.ts';
import { auditKeys } from './audit-hash.ts';
import { saveLastVerification } from './audit-last-verification.ts';
import { verifyLog } from './audit-verify.service.ts';
import { type AuditListFilters, type AuditRow, type AuditScope, auditRepo as repo } from './audit.repo.ts';

/** Rows per query while streaming the CSV. */
const CSV_BATCH = 1000;

/** What a service says happened; who and from where default to the current request's caller. */
export interface AuditInput {
  action: AuditAction;
  targetType?: string;
  targetId?: string | null;
  /** Small and free of secrets: names, old and new values. */
  details?: Record<string, unknown>;
  /** The chain: the request's workspace by default; null = the installation's chain. */
  workspaceId?: string | null;
  /** The person: the request's by default; null = the system (a job, a provider's webhook). */
  actorId?: string | null;
  /** The caller's address: the request's by default. */
  ip?: string | null;
  apiKeyId?: string | null;
}

let enabled = true;

const inTransaction = (db: DbOrTx): db is Tx => 'rollback' in db;

async function append(tx: Tx, input: AuditInput): Promise<AuditRow> {
  const ctx = requestContext.get();
  const workspaceId = input.workspaceId !== undefined ? input.workspaceId : (ctx?.workspaceId ?? null);
  const actorId = input.actorId !== undefined ? input.actorId : (ctx?.userId ?? null);
  // An API key acts for its workspace; the key, not a person, is the actor.
  const apiKeyId = input.apiKeyId !== undefined ? input.apiKeyId : (ctx?.apiKeyId ?? null);
  return repo.append(tx, auditKeys(), {
    chain: workspaceId ?? INSTALLATION_CHAIN,
    workspaceId,
    actorId,
    actorKind: apiKeyId ? 'api-key' : actorId ? 'user' : 'system',
    apiKeyId,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    ip: input.ip !== undefined ? input.ip : (ctx?.ip ?? null),
    details: input.details ?? {},
  });
}

/**
 * The one call every service audits with (DESIGN §6.12). Given the caller's transaction, the
 * entry commits or rolls back with the change it records; given the pool, it gets its own.
 * Call it last in the transaction: the chain's lock is held from here to the commit.
 */
export const audit = {
  async record(tx: DbOrTx, input: AuditInput): Promise<void> {
    if (!enabled) return;
    if (inTransaction(tx)) await append(tx, input);
    else await tx.transaction((t) => append(t, input).then(() => undefined));
  },
};

/** Benchmarks only (config refuses AUDIT_DISABLED in production): the same writes, unaudited. */
export function setAuditEnabled(on: boolean): void {
  enabled = on;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** Who reads the log: the session's person, workspace, and their role and membership there. */
export interface AuditReader {
  userId: string;
  workspaceId: string;
  /** The effective role (admin is the installation's administrator). */
  role: string;
  membershipRole: string;
}

/**
 * The workspace's owner reads its log; an administrator reads any workspace's they are in and,
 * with scope=installation, every chain. Anyone else (a manager, an API key) is refused.
 */
export function scopeFor(reader: AuditReader, scope: 'workspace' | 'installation'): AuditScope {
  const admin = reader.role === 'admin';
  if (scope === 'installation') {
    if (!admin) throw new AppError('permission-denied', 'Only administrators read the installation’s audit log.');
    return 'installation';
  }
  if (!admin && reader.membershipRole !== 'owner')
    throw new AppError('permission-denied', 'Only the workspace’s owner reads its audit log.');
  return { workspaceId: reader.workspaceId };
}

export function filtersOf(q: { person?: string; action?: string; from?: string; to?: string }): AuditListFilters {
  return {
    person: q.person,
    action: q.action,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

export function toEntry(r: { entry: AuditRow; actorEmail: string | null; actorName: string | null }): AuditEntry {
  const e = r.entry;
  return {
    id: String(e.id),
    chain: e.chain,
    seq: e.seq,
    at: e.at.toISOString(),
    workspaceId: e.workspaceId,
    actorId: e.actorId,
    actorKind: e.actorKind as AuditEntry['actorKind'],
    actorEmail: r.actorEmail,
    actorName: r.actorName,
    apiKeyId: e.apiKeyId,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    ip: e.ip,
    details: e.details,
    hash: e.hash,
  };
}

export function createAuditService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  return {
    async list(reader: AuditReader, query: AuditQuery): Promise<AuditPage> {
      const q = auditQuerySchema.parse(query);
      const scope = scopeFor(reader, q.scope);
      const page = await repo.list(db, scope, filtersOf(q), q.limit, q.startAfter ? Number(q.startAfter) : undefined);
      return { items: page.rows.map(toEntry), nextCursor: page.next === null ? null : String(page.next) };
    },

    async verify(reader: AuditReader, scope: 'workspace' | 'installation'): Promise<AuditVerifyResult> {
      const scoped = scopeFor(reader, scope);
      const result = await verifyLog(db, storage, auditKeys(), scoped);
      if (scoped === 'installation') await saveLastVerification(db, result);
      return result;
    },

    /**
     * The filtered log as CSV, oldest last as on screen, streamed a batch at a time. Checked and
     * recorded (audit.exported) before the first byte, so a refusal is a clean error answer.
     */
    async exportCsv(reader: AuditReader, q: AuditFilters): Promise<AsyncIterable<string>> {
      const scope = scopeFor(reader, q.scope);
      const filters = filtersOf(q);
      const { scope: _scope, ...shown } = q;
      await audit.record(db, { action: 'audit.exported', details: { scope: q.scope, ...shown } });
      return (async function* () {
        yield csvLine(CSV_HEADER);
        let after: number | undefined;
        for (;;) {
          const page = await repo.list(db, scope, filters, CSV_BATCH, after);
          yield page.rows.map((r) => csvRow(toEntry(r))).join('');
          if (page.next === null) return;
          after = page.next;
        }
      })();
    },
  };
}
