import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '@vigil/shared';

/**
 * How many attempts a key gets before it waits, and how long. Past `max` in a window, each further
 * attempt doubles the wait (base, 2×base, 4×base …, capped): guessing slows to a crawl, while a
 * person who mistyped waits seconds, never a fixed quarter of an hour.
 */
export interface ThrottleRule {
  max: number;
  windowSeconds: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

const WINDOW = LOGIN_WINDOW_MINUTES * 60;

export const THROTTLE = {
  /** Wrong passwords for one account from unknown devices (what an attacker has to use). */
  account: { max: LOGIN_MAX_FAILURES, windowSeconds: WINDOW, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  /** Wrong passwords for one account from one device that already signed into it: its own allowance. */
  knownDevice: { max: LOGIN_MAX_FAILURES, windowSeconds: WINDOW, baseDelaySeconds: 15, maxDelaySeconds: 5 * 60 },
  /** Wrong passwords from one address, over every account: many people may share one (an office, a proxy). */
  address: { max: LOGIN_MAX_FAILURES * 4, windowSeconds: WINDOW, baseDelaySeconds: 5, maxDelaySeconds: 5 * 60 },
  /**
   * Codes for one account's second factor (sign-in's second step, enrolling, turning it off): a
   * million codes and a ±1-step window make each guess a 3-in-a-million chance, so few and slow.
   */
  twoFactor: { max: LOGIN_MAX_FAILURES, windowSeconds: WINDOW, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  /** Accounts created from one address (each costs a password hash and a workspace). */
  signUp: { max: 10, windowSeconds: 3600, baseDelaySeconds: 60, maxDelaySeconds: 3600 },
  /** Reset requests and confirmations from one address. */
  reset: { max: 10, windowSeconds: 3600, baseDelaySeconds: 60, maxDelaySeconds: 3600 },
  /** Reset mails to one account (the answer is "sent" either way, so nobody learns it was held back). */
  resetMail: { max: 3, windowSeconds: 3600, baseDelaySeconds: 600, maxDelaySeconds: 3600 },
} as const satisfies Record<string, ThrottleRule>;

/** Throttle keys: one namespace per rule, so an account's counter never mixes with an address's. */
export const throttleKey = {
  account: (email: string) => `email:${email.toLowerCase()}`,
  knownDevice: (email: string, deviceId: string) => `device:${deviceId}:${email.toLowerCase()}`,
  address: (ip: string) => `ip:${ip}`,
  signUp: (ip: string) => `signup:${ip}`,
  reset: (ip: string) => `reset:${ip}`,
  resetMail: (email: string) => `reset-mail:${email.toLowerCase()}`,
  twoFactor: (userId: string) => `2fa:${userId}`,
};
