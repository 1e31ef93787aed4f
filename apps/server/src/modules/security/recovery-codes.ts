import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@vigil/shared';

/**
 * Recovery codes: ten single-use codes shown once, for a lost phone. Ten characters from an
 * alphabet without look-alikes (no 0/o, 1/l/i), about 49 bits each: far beyond guessing under the
 * sign-in throttle, so a plain SHA-256 is enough to store them.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form: the code without dash, space or case, hashed. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`vigil-recovery\n${normal}`).digest('hex');
}
