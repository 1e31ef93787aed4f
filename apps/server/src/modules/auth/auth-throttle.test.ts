import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp, signUp, uniqueAddress, uniqueEmail } from '../../../test/harness.ts';
import { countRows, errorOf, resetTokenFor, signIn } from '../../../test/helpers.ts';

// Counts the password hashes and verifications the server really performs.
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});
const verifications = () => vi.mocked(argon2.verify).mock.calls.length;
const hashes = () => vi.mocked(argon2.hash).mock.calls.length;

/** Throttles counted before any hash, per account, device and address. */
describe('sign-in throttle, sign-up and reset limits, reset links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app); // the installation's admin
  });
  afterAll(() => t.close());
  beforeEach(() => {
    vi.mocked(argon2.verify).mockClear();
    vi.mocked(argon2.hash).mockClear();
  });

  const signInWith = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
  const deviceCookieOf = (res: Awaited<ReturnType<typeof signInWith>>) => {
    const c = res.cookies.find((x) => x.name === 'vigil_device');
    return c ? `vigil_device=${c.value}` : undefined;
  };

  it('200 concurrent wrong passwords for one account: at most 5 are checked against the hash', async () => {
    const { user } = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signInWith(user.email, `wrong-${i}`, uniqueAddress())),
    );
    const checked = verifications();
    console.log(`[figure] login throttle: ${checked} of 200 concurrent attempts verified (goal ≤ 5)`);
    expect(checked).toBeLessThanOrEqual(5);
    const codes = results.map((r) => errorOf(r).code);
    expect(codes.filter((c) => c === 'auth/invalid-credential')).toHaveLength(checked);
    expect(codes.filter((c) => c === 'auth/too-many-requests')).toHaveLength(200 - checked);
    const held = results.find((r) => r.statusCode === 429)!;
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a correct guess inside a burst is not let through once the allowance is spent', async () => {
    const { user } = await signUp(t.app);
    const burst = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => signInWith(user.email, `wrong-${i}`, uniqueAddress())),
    ]);
    expect(burst.some((r) => r.statusCode === 429)).toBe(true);
    const guess = await signInWith(user.email, 'secret123', uniqueAddress());
    expect(guess.statusCode).toBe(429);
    expect(errorOf(guess).code).toBe('auth/too-many-requests');
  });

  it('the owner’s known browser still signs in while an attacker has the account held back', async () => {
    const email = uniqueEmail('owner');
    await signUp(t.app, { email });
    const home = uniqueAddress();
    const first = await signInWith(email, 'secret123', home);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(cookie).toBeDefined();

    for (let i = 0; i < 8; i++) await signInWith(email, `guess-${i}`, uniqueAddress());
    expect((await signInWith(email, 'secret123', uniqueAddress())).statusCode).toBe(429);
    const owner = await signInWith(email, 'secret123', home, cookie);
    expect(owner.statusCode, owner.body).toBe(200);
    // A forged or foreign device cookie is no known device.
    const forged = await signInWith(email, 'secret123', home, `${cookie!.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(429);
  });

  it('one address: after 20 failures a short, growing delay (not a 15-minute lock), and known devices pass', async () => {
    const office = uniqueAddress();
    const colleague = uniqueEmail('colleague');
    await signUp(t.app, { email: colleague });
    const cookie = deviceCookieOf(await signInWith(colleague, 'secret123', office));
    for (let i = 0; i < 20; i++) {
      const res = await signInWith(uniqueEmail('typo'), 'x', office);
      expect(errorOf(res).code, `failure ${i}`).toBe('auth/invalid-credential');
    }
    const held = await signInWith(uniqueEmail('typo'), 'x', office);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(5);
    // A colleague at the same address whose browser is known signs in at once.
    expect((await signInWith(colleague, 'secret123', office, cookie)).statusCode).toBe(200);
  });

  it('X-Forwarded-For counts only with TRUST_PROXY: otherwise every client behind the proxy is one address', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      await signUp(proxied.app);
      for (const app of [t.app, proxied.app]) {
        const socket = uniqueAddress();
        const codes: string[] = [];
        for (let i = 0; i < 22; i++) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/auth/sign-in',
            payload: { email: uniqueEmail('xff'), password: 'x' },
            remoteAddress: socket,
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          });
          codes.push(errorOf(res).code);
        }
        const heldBack = codes.filter((c) => c === 'auth/too-many-requests').length;
        if (app === t.app) expect(heldBack).toBeGreaterThan(0);
        else expect(heldBack).toBe(0);
      }
    } finally {
      await proxied.close();
    }
  });

  it('a sign-up flood from one address: 10 accounts, then resource-exhausted with Retry-After; others unaffected', async () => {
    const flood = uniqueAddress();
    const before = await countRows(t.databaseUrl, ['users']);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign-up',
          remoteAddress: flood,
          payload: { email: uniqueEmail('flood'), password: 'secret123', displayName: 'Flood' },
        }),
      ),
    );
    const created = results.filter((r) => r.statusCode === 201).length;
    expect(created).toBe(10);
    expect(hashes()).toBe(10);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(429);
      expect(errorOf(r).code).toBe('resource-exhausted');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await countRows(t.databaseUrl, ['users'])).users).toBe(before.users! + 10);
    await signUp(t.app); // another address
  });

  it('reset confirm checks the token before hashing anything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      remoteAddress: uniqueAddress(),
      payload: { token: 'a-made-up-token-value', password: 'new-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('invalid-argument');
    expect(hashes()).toBe(0);
  });

  it('a successful reset or password change ends every older reset link', async () => {
    const email = uniqueEmail('links');
    const account = await signUp(t.app, { email });
    const older = await resetTokenFor(t.app, t.databaseUrl, email);
    const newer = await resetTokenFor(t.app, t.databaseUrl, email);
    const confirm = (token: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        remoteAddress: uniqueAddress(),
        payload: { token, password },
      });
    expect((await confirm(newer, 'second-pass')).statusCode).toBe(200);
    expect(errorOf(await confirm(older, 'third-pass')).code).toBe('invalid-argument');

    const pending = await resetTokenFor(t.app, t.databaseUrl, email);
    const signedIn = await signIn(t.app, email, 'second-pass', uniqueAddress());
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: { authorization: `Bearer ${signedIn.json().token}` },
      payload: { currentPassword: 'second-pass', newPassword: 'fourth-pass' },
    });
    expect(change.statusCode).toBe(200);
    expect(errorOf(await confirm(pending, 'fifth-pass')).code).toBe('invalid-argument');
    expect(account.user.email).toBe(email);
  });

  it('reset requests answer in the same time for a known and an unknown email', async () => {
    const known = uniqueEmail('known');
    await signUp(t.app, { email: known });
    const time = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        remoteAddress: uniqueAddress(),
        payload: { email },
      });
      expect(res.statusCode).toBe(202);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 15; i++) {
      knownTimes.push(await time(known));
      unknownTimes.push(await time(uniqueEmail('unknown')));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Before, a known email paid for a token, a row and a mail inside the request (~3× longer).
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(Math.max(3, median(unknownTimes) * 0.5));
  });
});
