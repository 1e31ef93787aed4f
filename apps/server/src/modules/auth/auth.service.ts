import { hash, verify } from '@node-rs/argon2';
import type { Db, DbOrTx } from '@vigil/db';
import {
  type AuthResult,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MINUTES,
  PASSWORD_RESET_MINUTES,
  SESSION_DAYS,
  type SignInInput,
  type SignUpInput,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { toWorkspace } from '../accounts/user-doc.ts';
import type { MailService } from '../mail/mail.service.ts';
import { authRepo } from './auth.repo.ts';
import { type SessionUser, hashToken, newToken } from './session.ts';

/** Per-address failures may be higher than per-email: many people can share one address. */
const IP_MAX_FAILURES = LOGIN_MAX_FAILURES * 4;
const UNIQUE_VIOLATION = '23505';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: { db: Db; accounts: AccountsService; mail: MailService; publicUrl: string }) {
  const { db, accounts, mail } = deps;
  const sessionExpiry = () => new Date(Date.now() + SESSION_DAYS * 86_400_000);

  async function throttled(email: string, ip: string): Promise<boolean> {
    const [byEmail, byIp] = await Promise.all([
      authRepo.failuresInWindow(db, `email:${email}`, LOGIN_WINDOW_MINUTES),
      authRepo.failuresInWindow(db, `ip:${ip}`, LOGIN_WINDOW_MINUTES),
    ]);
    return byEmail >= LOGIN_MAX_FAILURES || byIp >= IP_MAX_FAILURES;
  }

  async function fail(email: string, ip: string, code: 'auth/user-not-found' | 'auth/wrong-password'): Promise<never> {
    await authRepo.recordFailure(db, `email:${email}`, LOGIN_WINDOW_MINUTES);
    await authRepo.recordFailure(db, `ip:${ip}`, LOGIN_WINDOW_MINUTES);
    throw new AppError(code);
  }

  /** Ends every session of a user at once and tells their open streams to close. */
  async function endAllSessions(tx: DbOrTx, uid: string) {
    await authRepo.deleteUserSessions(tx, uid);
    await publish(tx, { topic: 'session.revoked', uid });
  }

  return {
    async signUp(input: SignUpInput, meta: { userAgent?: string }): Promise<AuthResult> {
      if (await accounts.findByEmail(input.email)) throw new AppError('auth/email-already-in-use');
      const passwordHash = await hash(input.password);
      const { token, hash: tokenHash } = newToken();
      try {
        const { user, workspace } = await db.transaction(async (tx) => {
          const created = await accounts.createAccount(tx, { ...input, passwordHash });
          await authRepo.insertSession(tx, {
            tokenHash,
            userId: created.user.id,
            expiresAt: sessionExpiry(),
            userAgent: meta.userAgent,
          });
          return created;
        });
        return { user: await accounts.doc(user), workspace: toWorkspace(workspace), token };
      } catch (e) {
        // Two sign-ups with one email at once: the unique index decides, the loser gets the catalogue error.
        const code =
          (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
        if (code === UNIQUE_VIOLATION) throw new AppError('auth/email-already-in-use');
        throw e;
      }
    },

    async signIn(input: SignInInput, meta: { ip: string; userAgent?: string }): Promise<AuthResult> {
      if (await throttled(input.email, meta.ip)) throw new AppError('auth/too-many-requests');
      const found = await accounts.findByEmail(input.email);
      if (!found?.passwordHash) return fail(input.email, meta.ip, 'auth/user-not-found');
      if (!(await verify(found.passwordHash, input.password))) return fail(input.email, meta.ip, 'auth/wrong-password');
      if (found.disabledAt) throw new AppError('permission-denied', 'This account has been disabled.');
      await authRepo.clearFailures(db, `email:${input.email}`);
      const { token, hash: tokenHash } = newToken();
      const user = await db.transaction(async (tx) => {
        await authRepo.insertSession(tx, {
          tokenHash,
          userId: found.id,
          expiresAt: sessionExpiry(),
          userAgent: meta.userAgent,
        });
        return (await accounts.touchLogin(tx, found.id))!;
      });
      return { ...(await accounts.me(user)), token };
    },

    signOut: (tokenHash: string) => authRepo.deleteSession(db, tokenHash),

    async resolve(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const found = await authRepo.findLiveSession(db, tokenHash);
      return found ? { ...found, tokenHash } : null;
    },

    /** Always "sent": whether an email has an account is not told to whoever asks. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await accounts.findByEmail(email);
      if (!user || user.disabledAt) return;
      const { token, hash: tokenHash } = newToken();
      await authRepo.insertReset(db, {
        tokenHash,
        userId: user.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
      });
      const link = `${deps.publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;
      await mail.send({
        to: user.email,
        subject: 'Reset your Vigil password',
        text: `Hello ${user.displayName},\n\nSomeone asked to reset the password of your Vigil account. To choose a new password, open this link within ${PASSWORD_RESET_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
      });
    },

    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const passwordHash = await hash(password);
      await db.transaction(async (tx) => {
        const userId = await authRepo.consumeReset(tx, hashToken(token));
        if (!userId) throw new AppError('invalid-argument', 'This reset link is invalid or has expired.');
        await accounts.setPasswordHash(tx, userId, passwordHash);
        // A reset means the old password may be known to someone else: end every session.
        await endAllSessions(tx, userId);
        const user = await accounts.findById(userId);
        // The owner proved control of the mailbox: a lock an attacker caused is lifted.
        if (user) await authRepo.clearFailures(tx, `email:${user.email.toLowerCase()}`);
      });
    },

    async changePassword(session: SessionUser, current: string, next: string): Promise<void> {
      const existing = await accounts.passwordHash(session.user.id);
      if (!existing || !(await verify(existing, current))) throw new AppError('auth/wrong-password');
      const passwordHash = await hash(next);
      await db.transaction(async (tx) => {
        await accounts.setPasswordHash(tx, session.user.id, passwordHash);
        await authRepo.deleteUserSessions(tx, session.user.id, session.tokenHash);
      });
    },

    endAllSessions,
  };
}
