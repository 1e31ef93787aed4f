import type { Db } from '@vigil/db';
import { RetryLaterError } from '../../lib/app-error.ts';
import { authRepo } from './auth.repo.ts';
import { THROTTLE, throttleKey } from './throttle-rules.ts';

export type TwoFactorThrottle = ReturnType<typeof createTwoFactorThrottle>;

/**
 * One account's allowance of second-factor codes, shared by sign-in's second step and the
 * security module's own code checks (enrol, turn off), so guessing through either counts once.
 * It stands alone (only the database) so both can be built from it without needing each other.
 */
export function createTwoFactorThrottle(db: Db) {
  return {
    async reserve(uid: string): Promise<void> {
      const r = await authRepo.reserveAttempt(db, throttleKey.twoFactor(uid), THROTTLE.twoFactor);
      if (!r.ok) throw new RetryLaterError('auth/too-many-requests', r.retryAfterSeconds);
    },
    clear: (uid: string) => authRepo.clearFailures(db, throttleKey.twoFactor(uid)),
  };
}
