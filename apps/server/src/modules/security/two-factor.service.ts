import { verify as verifyPassword } from '@node-rs/argon2';
import type { Db } from '@vigil/db';
import type { RecoveryCodes, SignInMethod, TwoFactorSetup, TwoFactorStatus, WorkspacePolicy } from '@vigil/shared';
import QRCode from 'qrcode';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { SessionUser } from '../../lib/session.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { acceptTotp, newTotpSecret, totpUri } from './totp.ts';
import { twoFactorRepo as repo } from './two-factor.repo.ts';

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

export const wrongCode = () =>
  new AppError('invalid-argument', 'That code is not right. Check your authenticator app and try again.', {
    code: 'not the current code',
  });
export const wrongRecoveryCode = () =>
  new AppError('invalid-argument', 'That recovery code is not right, or it was already used.', {
    recoveryCode: 'unknown or used',
  });

/** Owners and managers set their workspace's policy; an installation admin may too. */
const mayChangePolicy = (s: SessionUser) =>
  s.membership.role === 'owner' || s.membership.role === 'manager' || s.user.role === 'admin';

/**
 * TOTP two-factor authentication: enrolment (secret + QR, confirmed by a code), ten single-use
 * recovery codes, turning it off, and the workspace's "require it of every member" policy.
 * The secret is sealed at rest (lib/secrets.ts). `now` is the clock codes are checked against.
 */
export function createTwoFactorService(deps: {
  db: Db;
  secrets: SecretBox;
  passwordHash: (userId: string) => Promise<string | null | undefined>;
  /**
   * A person's allowance of attempts at a code or password here (auth_throttle, shared with the
   * sign-in's second step): reserve throws when over it, clear starts afresh after a success.
   */
  throttle: { reserve(userId: string): Promise<void>; clear(userId: string): Promise<void> };
  now?: () => number;
}) {
  const { db, secrets } = deps;
  const now = deps.now ?? Date.now;

  async function checkPassword(userId: string, password: string) {
    const stored = await deps.passwordHash(userId);
    if (!stored || !(await verifyPassword(stored, password))) throw new AppError('auth/wrong-password');
  }

  /** Spends a code from the app or a recovery code of a person with two-factor on; null when it does not match. */
  async function verify(userId: string, factor: SecondFactor): Promise<Exclude<SignInMethod, 'password'> | null> {
    const row = await repo.find(db, userId);
    if (!row?.enabledAt) return null;
    if (factor.recoveryCode !== undefined)
      return (await repo.useRecoveryCode(db, userId, hashRecoveryCode(factor.recoveryCode))) ? 'recovery-code' : null;
    if (factor.code === undefined) return null;
    const step = acceptTotp(secrets.open(row.secret), factor.code, now(), row.lastUsedStep);
    return step !== null && (await repo.useStep(db, userId, step)) ? 'totp' : null;
  }

  async function freshRecoveryCodes(tx: Parameters<typeof repo.replaceRecoveryCodes>[0], userId: string) {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    return codes;
  }

  return {
    verify,

    async isEnabled(userId: string): Promise<boolean> {
      return Boolean((await repo.find(db, userId))?.enabledAt);
    },

    async status(session: SessionUser): Promise<TwoFactorStatus> {
      const row = await repo.find(db, session.user.id);
      const enabled = Boolean(row?.enabledAt);
      return {
        enabled,
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(db, session.user.id) : 0,
        workspace: {
          id: session.workspace.id,
          name: session.workspace.name,
          requireTwoFactor: session.workspace.requireTwoFactor,
          canChangePolicy: mayChangePolicy(session),
        },
      };
    },

    /** A new secret for the person's authenticator app; replaces an unconfirmed one. */
    async setup(session: SessionUser): Promise<TwoFactorSetup> {
      const secret = newTotpSecret();
      if (!(await repo.savePending(db, session.user.id, secrets.seal(secret))))
        throw new AppError(
          'failed-precondition',
          'Two-factor authentication is already on. Turn it off first to move it to another device.',
        );
      const uri = totpUri(secret, session.user.email);
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** Confirms the enrolment with a code from the app; answers the recovery codes, shown this once. */
    async enable(session: SessionUser, code: string): Promise<RecoveryCodes> {
      const uid = session.user.id;
      const row = await repo.find(db, uid);
      if (row?.enabledAt) throw new AppError('failed-precondition', 'Two-factor authentication is already on.');
      if (!row)
        throw new AppError('failed-precondition', 'Start the set-up first: scan the QR code, then type a code.');
      await deps.throttle.reserve(uid);
      const step = acceptTotp(secrets.open(row.secret), code, now(), null);
      if (step === null) throw wrongCode();
      await deps.throttle.clear(uid);
      const recoveryCodes = await db.transaction(async (tx) => {
        if (!(await repo.enable(tx, uid, step)))
          throw new AppError('failed-precondition', 'Two-factor authentication is already on.');
        const codes = await freshRecoveryCodes(tx, uid);
        await publish(tx, { topic: 'me', uid });
        await audit.record(tx, { action: 'two-factor.enabled', targetType: 'user', targetId: uid });
        return codes;
      });
      return { recoveryCodes };
    },

    /** Turns two-factor off: the password and a current code (or a recovery code) prove it is the person. */
    async disable(session: SessionUser, input: SecondFactor & { password: string }): Promise<void> {
      const uid = session.user.id;
      if (!(await repo.find(db, uid))?.enabledAt)
        throw new AppError('failed-precondition', 'Two-factor authentication is not on.');
      if (session.workspace.requireTwoFactor)
        throw new AppError(
          'failed-precondition',
          'This workspace requires two-factor authentication: it stays on while you work there.',
        );
      await deps.throttle.reserve(uid);
      await checkPassword(uid, input.password);
      if (!(await verify(uid, input))) throw input.recoveryCode !== undefined ? wrongRecoveryCode() : wrongCode();
      await deps.throttle.clear(uid);
      await db.transaction(async (tx) => {
        await repo.remove(tx, uid);
        await publish(tx, { topic: 'me', uid });
        await audit.record(tx, { action: 'two-factor.disabled', targetType: 'user', targetId: uid });
      });
    },

    /** A new set of ten recovery codes; every older one stops working. */
    async regenerateRecoveryCodes(session: SessionUser, password: string): Promise<RecoveryCodes> {
      const uid = session.user.id;
      if (!(await repo.find(db, uid))?.enabledAt)
        throw new AppError('failed-precondition', 'Turn two-factor authentication on first.');
      await deps.throttle.reserve(uid);
      await checkPassword(uid, password);
      await deps.throttle.clear(uid);
      return { recoveryCodes: await db.transaction((tx) => freshRecoveryCodes(tx, uid)) };
    },

    /** The workspace's policy; whoever turns the requirement on must have two-factor on themselves. */
    async setPolicy(session: SessionUser, policy: WorkspacePolicy): Promise<WorkspacePolicy> {
      if (!mayChangePolicy(session))
        throw new AppError('permission-denied', 'Only the workspace’s owner or a manager can change this.');
      if (policy.requireTwoFactor && !(await repo.find(db, session.user.id))?.enabledAt)
        throw new AppError(
          'failed-precondition',
          'Turn on two-factor authentication for yourself before requiring it of every member.',
        );
      await repo.setWorkspacePolicy(db, session.workspace.id, policy.requireTwoFactor);
      return policy;
    },
  };
}
