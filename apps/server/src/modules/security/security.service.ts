import { createHmac } from 'node:crypto';
import type { Db } from '@vigil/db';
import type { SecuritySession, SignInAttempt, SignInFailure, SignInMethod } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/list-query.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import type { SessionUser } from '../../lib/session.ts';
import { sessionsRepo } from './sessions.repo.ts';
import { type SignInAttemptRow, type SignInCursor, signInsRepo } from './sign-ins.repo.ts';
import { parseUserAgent } from './user-agent.ts';

export type SecurityService = ReturnType<typeof createSecurityService>;

const encodeCursor = (c: SignInCursor): string => encodeKeyset([c.createdAt, c.id]);

function decodeCursor(text: string): SignInCursor {
  const [createdAt, id] = decodeKeyset(text, ['timestamp', 'uuid']);
  return { createdAt: createdAt!, id: id! };
}

function toAttempt(row: SignInAttemptRow): SignInAttempt {
  return {
    id: row.id,
    ok: row.ok,
    reason: row.reason as SignInFailure | null,
    method: row.method as SignInMethod | null,
    address: row.ip,
    at: row.createdAt.toISOString(),
    ...parseUserAgent(row.userAgent),
  };
}

/** What the sign-in path writes for each attempt. */
export interface SignInRecord {
  userId: string | null;
  email: string;
  ok: boolean;
  reason?: SignInFailure;
  method?: SignInMethod;
  ip: string;
  userAgent?: string;
  /** The workspace a successful sign-in opened in (its audit chain); failures go to the installation's. */
  workspaceId?: string;
}

/**
 * A person's own account activity: their live sessions (sign out one, or all but this one) and
 * their sign-in history. A session is named by an HMAC of its token hash, so the list gives away
 * nothing a request could authenticate with, and an id means nothing for another account.
 */
export function createSecurityService(deps: { db: Db; secret: string }) {
  const { db } = deps;
  const sessionId = (tokenHash: string) =>
    createHmac('sha256', deps.secret).update(`vigil-session-id\n${tokenHash}`).digest('base64url').slice(0, 22);

  /** The session of `id` among the caller's own; not-found for anyone else's or an ended one. */
  async function ownSession(session: SessionUser, id: string) {
    const rows = await sessionsRepo.live(db, session.user.id);
    const hit = rows.find((r) => sessionId(r.tokenHash) === id);
    if (!hit) throw new AppError('not-found', 'No such session: it may have ended already.');
    return hit;
  }

  return {
    /** Writes one attempt (one insert), in the caller's transaction when it has one. */
    async recordSignIn(tx: Parameters<typeof signInsRepo.record>[0] | null, r: SignInRecord): Promise<void> {
      await signInsRepo.record(tx ?? db, {
        userId: r.userId,
        email: r.email.slice(0, 320),
        ok: r.ok,
        reason: r.reason ?? null,
        method: r.method ?? null,
        ip: r.ip,
        userAgent: r.userAgent?.slice(0, 1000) ?? null,
      });
      // Last in the caller's transaction: the audit append holds its chain's lock until commit.
      await audit.record(tx ?? db, {
        action: r.ok ? 'sign-in.succeeded' : 'sign-in.failed',
        workspaceId: r.ok ? (r.workspaceId ?? null) : null,
        actorId: r.userId,
        ip: r.ip,
        targetType: 'user',
        targetId: r.userId,
        details: {
          email: r.email.slice(0, 320),
          ...(r.reason ? { reason: r.reason } : {}),
          ...(r.method ? { method: r.method } : {}),
        },
      });
    },

    async signIns(session: SessionUser, q: { limit: number; startAfter?: string }) {
      const after = q.startAfter ? decodeCursor(q.startAfter) : undefined;
      const page = await signInsRepo.list(db, session.user.id, q.limit, after);
      return { items: page.rows.map(toAttempt), nextCursor: page.next ? encodeCursor(page.next) : null };
    },

    async sessions(session: SessionUser): Promise<{ items: SecuritySession[] }> {
      const rows = await sessionsRepo.live(db, session.user.id);
      const items = rows.map((r) => ({
        id: sessionId(r.tokenHash),
        address: r.ip,
        signedInAt: r.createdAt.toISOString(),
        lastActiveAt: r.lastSeenAt.toISOString(),
        current: r.tokenHash === session.tokenHash,
        workspace: { id: r.workspaceId, name: r.workspaceName },
        ...parseUserAgent(r.userAgent),
      }));
      // This session first, then the most recently active.
      items.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
      return { items };
    },

    /** Ends one of the caller's sessions; whatever it has open (live view, realtime) closes with it. */
    async signOutSession(session: SessionUser, id: string): Promise<{ current: boolean }> {
      const target = await ownSession(session, id);
      await db.transaction(async (tx) => {
        if (!(await sessionsRepo.delete(tx, session.user.id, target.tokenHash))) throw new AppError('not-found');
        await publish(tx, { topic: 'session.revoked', uid: session.user.id, session: target.tokenHash });
      });
      return { current: target.tokenHash === session.tokenHash };
    },

    /** Ends every session of the caller but this one. */
    async signOutOthers(session: SessionUser): Promise<{ signedOut: number }> {
      return db.transaction(async (tx) => {
        const signedOut = await sessionsRepo.deleteOthers(tx, session.user.id, session.tokenHash);
        await publish(tx, { topic: 'session.revoked', uid: session.user.id, exceptSession: session.tokenHash });
        return { signedOut };
      });
    },
  };
}
