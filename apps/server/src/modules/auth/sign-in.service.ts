import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db, DbOrTx } from '@vigil/db';
import {
  type AuthResult,
  SESSION_DAYS,
  type SignInFailure,
  type SignInInput,
  type SignInMethod,
  type SignInTwoFactorInput,
  type TwoFactorChallenge,
} from '@vigil/shared';
import { AppError, RetryLaterError } from '../../lib/app-error.ts';
import type { AccountsService } from '../accounts/accounts.module.ts';
import type { UserRow } from '../accounts/accounts.module.ts';
import type { SignInRecord } from '../security/security.module.ts';
import { wrongCode, wrongRecoveryCode } from '../security/security.module.ts';
import { authRepo } from './auth.repo.ts';
import { type KnownDevice, deviceCookieAfterSignIn } from './device-cookie.ts';
import type { SessionUser } from '../../lib/session.ts';
import { newToken } from '../../lib/session.ts';
import { THROTTLE, throttleKey } from './throttle-rules.ts';
import { createTwoFactorThrottle } from './two-factor-throttle.service.ts';
import { issueChallenge, readChallenge } from './two-factor-challenge.ts';

/** What sign-in needs from the security module: two-factor state and codes, and the sign-in history. */
export interface SignInGuards {
  twoFactor: {
    isEnabled(userId: string): Promise<boolean>;
    verify(userId: string, factor: { code?: string; recoveryCode?: string }): Promise<SignInMethod | null>;
  };
  recordSignIn(tx: DbOrTx | null, record: SignInRecord): Promise<void>;
}

export interface SignInMeta {
  ip: string;
  userAgent?: string;
  device: KnownDevice | null;
}

export type SessionOutcome = { kind: 'session'; result: AuthResult; deviceCookie: string };
export type SignInOutcome = SessionOutcome | { kind: 'two-factor'; challenge: TwoFactorChallenge };

/** Which history reason a refusal of the sign-in path stands for (null: not a refusal, e.g. a lost database). */
function reasonOf(e: unknown, known: boolean): SignInFailure | null {
  const code = e instanceof AppError ? e.code : null;
  if (code === 'auth/too-many-requests') return 'throttled';
  if (code === 'permission-denied') return 'disabled';
  if (code === 'auth/invalid-credential' || code === 'auth/wrong-password' || code === 'auth/user-not-found')
    return known ? 'wrong-password' : 'unknown-account';
  return null;
}

const expired = () =>
  new AppError('failed-precondition', 'This sign-in has expired. Please enter your email and password again.');

/**
 * Signing in: the password step (throttled before the hash is checked, see auth.service), then,
 * for an account with two-factor on, the code step. Every attempt, success or failure, leaves one
 * row in the sign-in history.
 */
export function createSignIn(deps: {
  db: Db;
  accounts: AccountsService;
  secret: string;
  guards: SignInGuards;
  enumerationProtection: () => Promise<boolean>;
  resolveHash: (tokenHash: string) => Promise<SessionUser | null>;
}) {
  const { db, accounts, guards } = deps;
  const twoFactorThrottle = createTwoFactorThrottle(db);
  // An unknown email is verified against this, so it costs what a wrong password costs.
  const dummyHash = hash(randomBytes(16).toString('hex'));

  async function reserve(key: string, rule: (typeof THROTTLE)[keyof typeof THROTTLE]) {
    const r = await authRepo.reserveAttempt(db, key, rule);
    if (!r.ok) throw new RetryLaterError('auth/too-many-requests', r.retryAfterSeconds);
  }

  /** Runs a step; a refusal is written to the history before it is thrown. */
  async function logged<T>(record: Omit<SignInRecord, 'ok'>, known: boolean, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (e) {
      const reason = record.reason ?? reasonOf(e, known);
      if (reason) await guards.recordSignIn(null, { ...record, ok: false, reason });
      throw e;
    }
  }

  /** The session, the login stamp and the history's success, in one transaction. */
  async function openSession(
    person: UserRow,
    email: string,
    meta: SignInMeta,
    method: SignInMethod,
  ): Promise<SessionOutcome> {
    const { token, hash: tokenHash } = newToken();
    await db.transaction(async (tx) => {
      // The workspace the person last worked in, while they still belong to it; else their own.
      const workspaceId = await authRepo.openingWorkspace(tx, person);
      await authRepo.insertSession(tx, {
        tokenHash,
        userId: person.id,
        workspaceId,
        expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
        userAgent: meta.userAgent,
        ip: meta.ip,
      });
      await accounts.touchLogin(tx, person.id);
      await guards.recordSignIn(tx, {
        userId: person.id,
        workspaceId,
        email,
        ok: true,
        method,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
    });
    const deviceCookie = deviceCookieAfterSignIn(deps.secret, meta.device, person.id);
    const session = await deps.resolveHash(tokenHash);
    if (!session) throw new AppError('internal');
    return { kind: 'session', result: { ...(await accounts.meOf(session)), token }, deviceCookie };
  }

  return {
    /**
     * Every attempt is counted before its password is checked (one atomic reservation per key), so
     * of any burst at most the allowance is verified. An account's own known device has its own
     * counter and skips the per-address one: guesses elsewhere never lock out its owner. With
     * two-factor on, a correct password earns a challenge, not a session.
     */
    async signIn(input: SignInInput, meta: SignInMeta): Promise<SignInOutcome> {
      const found = await accounts.findByEmail(input.email);
      const record = { userId: found?.id ?? null, email: input.email, ip: meta.ip, userAgent: meta.userAgent };
      const person = await logged(record, Boolean(found?.passwordHash), async () => {
        const known = found && meta.device?.userIds.includes(found.id) ? meta.device : null;
        const accountKey = known
          ? throttleKey.knownDevice(input.email, known.deviceId)
          : throttleKey.account(input.email);
        await reserve(accountKey, known ? THROTTLE.knownDevice : THROTTLE.account);
        const addressKey = throttleKey.address(meta.ip);
        if (!known) {
          try {
            await reserve(addressKey, THROTTLE.address);
          } catch (e) {
            await authRepo.releaseAttempt(db, accountKey);
            throw e;
          }
        }
        const passwordOk = await verify(found?.passwordHash ?? (await dummyHash), input.password);
        if (!found?.passwordHash || !passwordOk) {
          if (await deps.enumerationProtection()) throw new AppError('auth/invalid-credential');
          throw new AppError(found?.passwordHash ? 'auth/wrong-password' : 'auth/user-not-found');
        }
        // Not a failure after all: the account starts afresh, the address gets its attempt back.
        await authRepo.clearFailures(db, accountKey);
        if (!known) await authRepo.releaseAttempt(db, addressKey);
        if (found.disabledAt) throw new AppError('permission-denied', 'This account has been disabled.');
        return found;
      });
      if (await guards.twoFactor.isEnabled(person.id)) {
        const { challenge, expiresAt } = issueChallenge(deps.secret, person.id);
        return {
          kind: 'two-factor',
          challenge: { twoFactorRequired: true, challenge, expiresAt: expiresAt.toISOString() },
        };
      }
      return openSession(person, input.email, meta, 'password');
    },

    /** The second step: a current code from the app, or an unused recovery code, completes the sign-in. */
    async completeTwoFactor(input: SignInTwoFactorInput, meta: SignInMeta): Promise<SessionOutcome> {
      const uid = readChallenge(deps.secret, input.challenge);
      if (!uid) throw expired();
      const person = await accounts.findById(uid);
      if (!person) throw expired();
      const record = { userId: uid, email: person.email, ip: meta.ip, userAgent: meta.userAgent };
      const method = await logged(record, true, async () => {
        if (person.disabledAt) throw new AppError('permission-denied', 'This account has been disabled.');
        await twoFactorThrottle.reserve(uid);
        const spent = await guards.twoFactor.verify(uid, input);
        if (!spent) {
          await guards.recordSignIn(null, { ...record, ok: false, reason: 'two-factor-failed' });
          throw input.recoveryCode !== undefined ? wrongRecoveryCode() : wrongCode();
        }
        await twoFactorThrottle.clear(uid);
        return spent;
      });
      return openSession(person, person.email, meta, method);
    },
  };
}
