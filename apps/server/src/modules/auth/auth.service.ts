import { hash, verify } from '@node-rs/argon2';
import type { Db, DbOrTx } from '@vigil/db';
import {
  API_KEY_PREFIX,
  type AuthResult,
  type MemberRole,
  PASSWORD_RESET_MINUTES,
  SESSION_DAYS,
  type SignUpInput,
} from '@vigil/shared';
import { AppError, RetryLaterError } from '../../lib/app-error.ts';
import { type CameraScope, scopedActor } from '../../lib/camera-scope.ts';
import type { Deferred } from '../../lib/deferred.ts';
import { publish } from '../../lib/realtime.ts';
import type { AccountsService } from '../accounts/accounts.module.ts';
import { toWorkspace } from '../accounts/accounts.module.ts';
import { audit } from '../audit/audit.module.ts';
import type { MailService } from '../mail/mail.module.ts';
import { authRepo } from './auth.repo.ts';
import type { SessionCache } from './session-cache.ts';
import { type SignInGuards, createSignIn } from './sign-in.service.ts';
import { type Membership, type SessionUser, asSeenFrom, hashToken, newToken } from '../../lib/session.ts';
import { THROTTLE, type ThrottleRule, throttleKey } from './throttle-rules.ts';

const UNIQUE_VIOLATION = '23505';
const ENUMERATION_SETTING = 'auth.enumerationProtection';

export type AuthService = ReturnType<typeof createAuthService>;

/** A resolved session and when it ends (ms since the epoch), as the session cache keeps it. */
export interface LiveSession {
  session: SessionUser;
  expiresAt: number;
}

export interface AuthSettings {
  /** Sign-in answers one failure for an unknown email and a wrong password (on by default). */
  enumerationProtection: boolean;
}

export function createAuthService(deps: {
  db: Db;
  accounts: AccountsService;
  mail: MailService;
  publicUrl: string;
  /** Signs known-device cookies. */
  secret: string;
  deferred: Deferred;
  /** Uses up an invitation in the sign-up's transaction: the account joins its workspace. */
  claimInvitation: (tx: DbOrTx, token: string, email: string) => Promise<{ workspaceId: string; role: MemberRole }>;
  /** Resolves an API key (a bearer starting `vgk_`) to the caller it stands for (modules/api-keys). */
  resolveApiKey?: (token: string, meta: { ip?: string }) => Promise<SessionUser | null>;
  /** Two-factor and the sign-in history (the security module). */
  guards: SignInGuards;
  /** Sessions kept in memory until something they depend on changes (absent: every request reads them). */
  cache?: SessionCache<LiveSession>;
}) {
  const { db, accounts, mail } = deps;
  const sessionExpiry = () => new Date(Date.now() + SESSION_DAYS * 86_400_000);
  /** A per-address allowance for anonymous work (sign-up, reset): over it, resource-exhausted. */
  async function limitAddress(key: string, rule: ThrottleRule, what: string) {
    const r = await authRepo.reserveAttempt(db, key, rule);
    if (!r.ok)
      throw new RetryLaterError(
        'resource-exhausted',
        r.retryAfterSeconds,
        `Too many ${what} from this address. Please try again later.`,
      );
  }

  async function settings(): Promise<AuthSettings> {
    const stored = await authRepo.setting(db, ENUMERATION_SETTING);
    return { enumerationProtection: stored !== false };
  }

  /** Ends every session of a user at once and tells their open streams to close. */
  async function endAllSessions(tx: DbOrTx, uid: string) {
    await authRepo.deleteUserSessions(tx, uid);
    await publish(tx, { topic: 'session.revoked', uid });
  }

  async function sendResetMail(email: string) {
    const user = await accounts.findByEmail(email);
    if (!user || user.disabledAt) return;
    // A mailbox gets a few links an hour at most, whoever asks; the answer was "sent" either way.
    if (!(await authRepo.reserveAttempt(db, throttleKey.resetMail(email), THROTTLE.resetMail)).ok) return;
    const { token, hash: tokenHash } = newToken();
    const link = `${deps.publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;
    // The link and its mail together: the queue sends it (and retries) once this commits.
    await db.transaction(async (tx) => {
      await authRepo.insertReset(tx, {
        tokenHash,
        userId: user.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
      });
      await mail.queue(tx, {
        to: user.email,
        subject: 'Reset your Vigil password',
        text: `Hello ${user.displayName},\n\nSomeone asked to reset the password of your Vigil account. To choose a new password, open this link within ${PASSWORD_RESET_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
      });
    });
  }

  /** The session as the database has it now (one query), with the moment it ends. */
  async function loadSession(tokenHash: string): Promise<LiveSession | null> {
    const found = await authRepo.findLiveSession(db, tokenHash);
    if (!found) return null;
    const membership = found.membership as Membership;
    return {
      expiresAt: found.expiresAt.getTime(),
      session: {
        user: asSeenFrom(found.user, found.workspace, membership, found.owner),
        workspace: found.workspace,
        membership,
        homeWorkspaceId: found.user.workspaceId,
        tokenHash,
        lastSeenAt: found.lastSeenAt,
        twoFactorEnabled: found.twoFactor,
      },
    };
  }

  /** Whether a session's last-seen time is old enough to be written again (once a minute at most). */
  const due = (session: SessionUser, now: number) => now - session.lastSeenAt!.getTime() > 60_000;
  // A copy per request: a caller that adjusts its own (a stream following a role change) changes no other.
  const own = (session: SessionUser): SessionUser => ({ ...session, user: { ...session.user } });

  /** The session, its person as its workspace sees them, and its membership there; null when not live. */
  async function resolveHash(tokenHash: string): Promise<SessionUser | null> {
    const found = deps.cache
      ? await deps.cache.get(tokenHash, () => loadSession(tokenHash))
      : await loadSession(tokenHash);
    const now = Date.now();
    if (!found || found.expiresAt <= now) return null;
    const { session } = found;
    // The write forgets the cached copy, so the next request reads the new time.
    if (due(session, now)) await authRepo.touchSession(db, tokenHash);
    return own(session);
  }

  const signInFlow = createSignIn({
    db,
    accounts,
    secret: deps.secret,
    guards: deps.guards,
    enumerationProtection: async () => (await settings()).enumerationProtection,
    resolveHash,
  });

  return {
    async signUp(input: SignUpInput, meta: { ip: string; userAgent?: string }): Promise<AuthResult> {
      await limitAddress(throttleKey.signUp(meta.ip), THROTTLE.signUp, 'sign-ups');
      if (await accounts.findByEmail(input.email)) throw new AppError('auth/email-already-in-use');
      const passwordHash = await hash(input.password);
      const { token, hash: tokenHash } = newToken();
      try {
        const { user, workspace } = await db.transaction(async (tx) => {
          const invited = input.invitationToken
            ? await deps.claimInvitation(tx, input.invitationToken, input.email)
            : undefined;
          const created = await accounts.createAccount(tx, { ...input, passwordHash }, invited);
          await authRepo.insertSession(tx, {
            tokenHash,
            userId: created.user.id,
            workspaceId: created.workspace.id,
            expiresAt: sessionExpiry(),
            userAgent: meta.userAgent,
            ip: meta.ip,
          });
          return created;
        });
        // As the session sees it: someone who joined by invitation has the workspace's plan and their role there.
        const session = await resolveHash(tokenHash);
        if (!session)
          return {
            user: await accounts.doc(user),
            workspace: toWorkspace(workspace),
            twoFactor: { enabled: false, required: false },
            token,
          };
        return { ...(await accounts.meOf(session)), token };
      } catch (e) {
        // Two sign-ups with one email at once: the unique index decides, the loser gets the catalogue error.
        const code =
          (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
        if (code === UNIQUE_VIOLATION) throw new AppError('auth/email-already-in-use');
        throw e;
      }
    },

    signIn: signInFlow.signIn,
    completeTwoFactor: signInFlow.completeTwoFactor,

    /** Ends this session, and whatever it has open (live view, realtime) closes with it. */
    async signOut(session: SessionUser): Promise<void> {
      await db.transaction(async (tx) => {
        await authRepo.deleteSession(tx, session.tokenHash);
        await publish(tx, { topic: 'session.revoked', uid: session.user.id, session: session.tokenHash });
        await audit.record(tx, {
          action: 'sign-out',
          workspaceId: session.user.workspaceId,
          actorId: session.user.id,
          targetType: 'user',
          targetId: session.user.id,
        });
      });
    },

    async resolve(
      token: string | undefined,
      meta: { ip?: string; bearer?: boolean } = {},
    ): Promise<SessionUser | null> {
      if (!token || token.length > 200) return null;
      // An API key works as a bearer only, never as a cookie.
      if (token.startsWith(API_KEY_PREFIX))
        return meta.bearer && deps.resolveApiKey ? deps.resolveApiKey(token, { ip: meta.ip }) : null;
      return resolveHash(deps.cache ? deps.cache.keyOf(token, hashToken) : hashToken(token));
    },

    /**
     * The session of a token when memory already holds it live and nothing needs writing: no
     * promise, so the request goes on at once (most requests). Undefined when `resolve` must answer
     * (not kept, an API key, its last-seen time due). Memory answers only what `resolve` would.
     */
    known(token: string | undefined): SessionUser | undefined {
      if (!deps.cache || !token || token.length > 200 || token.startsWith(API_KEY_PREFIX)) return undefined;
      const found = deps.cache.peek(deps.cache.keyOf(token, hashToken));
      const now = Date.now();
      if (!found || found.expiresAt <= now || due(found.session, now)) return undefined;
      return own(found.session);
    },

    resolveHash,

    /** A live session by its token hash (what signed live tickets carry), or null. */
    async sessionByHash(
      tokenHash: string,
    ): Promise<{ uid: string; workspaceId: string; cameraIds: CameraScope } | null> {
      if (!/^[0-9a-f]{64}$/.test(tokenHash)) return null;
      const found = await resolveHash(tokenHash);
      // The camera scope as every route applies it (admins and owners unlimited).
      return found ? { uid: found.user.id, ...scopedActor(found) } : null;
    },

    /**
     * Always "sent", and in the same time whether or not the email has an account: the lookup and
     * the mail happen after the answer.
     */
    async requestPasswordReset(email: string, meta: { ip: string }): Promise<void> {
      await limitAddress(throttleKey.reset(meta.ip), THROTTLE.reset, 'password reset requests');
      deps.deferred.run('password reset mail', () => sendResetMail(email));
    },

    async confirmPasswordReset(token: string, password: string, meta: { ip: string }): Promise<void> {
      await limitAddress(throttleKey.reset(meta.ip), THROTTLE.reset, 'password reset attempts');
      const invalid = () => new AppError('invalid-argument', 'This reset link is invalid or has expired.');
      // The token first: a made-up one costs one lookup, never a password hash.
      const tokenHash = hashToken(token);
      if (!(await authRepo.isLiveReset(db, tokenHash))) throw invalid();
      const passwordHash = await hash(password);
      await db.transaction(async (tx) => {
        const userId = await authRepo.consumeReset(tx, tokenHash);
        if (!userId) throw invalid();
        await accounts.setPasswordHash(tx, userId, passwordHash);
        // Any other link mailed before this one dies with it.
        await authRepo.endResets(tx, userId);
        // A reset means the old password may be known to someone else: end every session.
        await endAllSessions(tx, userId);
        const user = await accounts.findById(userId);
        // The owner proved control of the mailbox: a lock an attacker caused is lifted.
        if (user) await authRepo.clearFailures(tx, throttleKey.account(user.email));
        // In the person's own workspace's chain: no session says which one they are in.
        await audit.record(tx, {
          action: 'password.reset',
          workspaceId: user?.workspaceId ?? null,
          actorId: userId,
          ip: meta.ip,
          targetType: 'user',
          targetId: userId,
        });
      });
    },

    async changePassword(session: SessionUser, current: string, next: string): Promise<void> {
      const existing = await accounts.passwordHash(session.user.id);
      if (!existing || !(await verify(existing, current))) throw new AppError('auth/wrong-password');
      const passwordHash = await hash(next);
      await db.transaction(async (tx) => {
        await accounts.setPasswordHash(tx, session.user.id, passwordHash);
        await authRepo.endResets(tx, session.user.id);
        // Every other session ends, and what it has open closes; this one carries on.
        await authRepo.deleteUserSessions(tx, session.user.id, session.tokenHash);
        await publish(tx, { topic: 'session.revoked', uid: session.user.id, exceptSession: session.tokenHash });
        // The person's own workspace's chain, like a reset's, whichever workspace they are in.
        await audit.record(tx, {
          action: 'password.changed',
          workspaceId: session.homeWorkspaceId,
          actorId: session.user.id,
          targetType: 'user',
          targetId: session.user.id,
        });
      });
    },

    settings,

    /** The installation's sign-in settings, recorded in the installation's chain. */
    async saveSettings(next: AuthSettings): Promise<AuthSettings> {
      const before = await settings();
      await db.transaction(async (tx) => {
        await authRepo.saveSetting(tx, ENUMERATION_SETTING, next.enumerationProtection);
        await audit.record(tx, {
          action: 'settings.sign-in-changed',
          workspaceId: null,
          targetType: 'installation',
          details: { enumerationProtection: next.enumerationProtection, previous: before.enumerationProtection },
        });
      });
      return settings();
    },

    endAllSessions,
  };
}
