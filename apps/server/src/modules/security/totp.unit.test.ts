import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { issueChallenge, readChallenge } from '../auth/two-factor-challenge.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { acceptTotp, newTotpSecret, totpStep, totpUri } from './totp.ts';
import { parseUserAgent } from './user-agent.ts';

const STEP = 30_000;
/** An authenticator app: the real otpauth library, independent of totp.ts's own instance. */
const app = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const codeAt = (secret: string, t: number) => app(secret).generate({ timestamp: t });

describe('TOTP verification at the window’s edges (otpauth, clock passed in)', () => {
  const secret = newTotpSecret();
  // Three instants of one step: its first millisecond, its middle and its last millisecond.
  const stepStart = 1_750_000_020_000; // a multiple of 30 s
  const instants = [stepStart, stepStart + 15_000, stepStart + STEP - 1];

  it('a new secret is 160 bits of base32, and its URI is what authenticator apps scan', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'ann@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Vigil:ann@example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: 'Vigil',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  for (const now of instants) {
    const at = `at ${now - stepStart} ms into the step`;
    it(`${at}: the codes of steps −1, 0 and +1 pass, −2 and +2 do not`, () => {
      const step = totpStep(now);
      expect(step).toBe(stepStart / STEP);
      for (const k of [-1, 0, 1])
        expect(acceptTotp(secret, codeAt(secret, now + k * STEP), now, null), `step ${k}`).toBe(step + k);
      for (const k of [-2, 2])
        expect(acceptTotp(secret, codeAt(secret, now + k * STEP), now, null), `step ${k}`).toBeNull();
    });
  }

  it('one millisecond across a step boundary moves the window with it', () => {
    const oldest = codeAt(secret, stepStart - STEP); // step −1 of stepStart
    expect(acceptTotp(secret, oldest, stepStart + STEP - 1, null)).toBe(stepStart / STEP - 1);
    expect(acceptTotp(secret, oldest, stepStart + STEP, null)).toBeNull();
    const newest = codeAt(secret, stepStart + 2 * STEP); // +2 now, +1 a millisecond later
    expect(acceptTotp(secret, newest, stepStart + STEP - 1, null)).toBeNull();
    expect(acceptTotp(secret, newest, stepStart + STEP, null)).toBe(stepStart / STEP + 2);
  });

  it('a code works once: the same code again, or an older one, is refused after its step was used', () => {
    const now = stepStart + 10_000;
    const code = codeAt(secret, now);
    const used = acceptTotp(secret, code, now, null);
    expect(used).toBe(totpStep(now));
    expect(acceptTotp(secret, code, now, used)).toBeNull();
    expect(acceptTotp(secret, code, now + 5_000, used)).toBeNull();
    expect(acceptTotp(secret, codeAt(secret, now - STEP), now, used)).toBeNull();
    // The next step's code is newer: it passes.
    expect(acceptTotp(secret, codeAt(secret, now + STEP), now, used)).toBe(used! + 1);
  });

  it('another secret’s code, and malformed codes, are refused', () => {
    const now = stepStart;
    expect(acceptTotp(secret, codeAt(newTotpSecret(), now), now, null)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', '12a456', '１２３４５６'])
      expect(acceptTotp(secret, bad, now, null)).toBeNull();
    // A space in the middle, as apps display it, is forgiven.
    const code = codeAt(secret, now);
    expect(acceptTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(totpStep(now));
  });
});

describe('recovery codes', () => {
  it('ten distinct xxxxx-xxxxx codes without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });
  it('the stored hash forgives case, dash and spaces, and is not the code', () => {
    const [code] = newRecoveryCodes(1) as [string];
    const h = hashRecoveryCode(code);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code.toUpperCase().replace('-', ' '))).toBe(h);
    expect(hashRecoveryCode(code.replace('-', ''))).toBe(h);
    expect(h).not.toContain(code.replace('-', ''));
  });
});

describe('the sign-in’s two-factor challenge', () => {
  const secret = 'test-secret-test-secret-test-secret-00';
  const uid = '0b0e7a1c-3f2d-4c55-9a8e-0123456789ab';
  it('names its account until it expires (5 minutes)', () => {
    const now = 1_750_000_000_000;
    const { challenge, expiresAt } = issueChallenge(secret, uid, now);
    expect(expiresAt.getTime()).toBe(now + 5 * 60_000);
    expect(readChallenge(secret, challenge, now + 299_999)).toBe(uid);
    expect(readChallenge(secret, challenge, now + 300_000)).toBeNull();
  });
  it('a changed account, expiry or signature, another server secret, or garbage reads as nothing', () => {
    const now = Date.now();
    const { challenge } = issueChallenge(secret, uid, now);
    const parts = challenge.split('.');
    const other = [...parts];
    other[1] = '0b0e7a1c-3f2d-4c55-9a8e-0123456789ac';
    const later = [...parts];
    later[2] = String(Number(parts[2]) + 3_600_000);
    for (const bad of [other.join('.'), later.join('.'), `${challenge}x`, 'v1.a.b.c.d', '', '....'])
      expect(readChallenge(secret, bad, now), bad).toBeNull();
    expect(readChallenge('another-secret-another-secret-000000', challenge, now)).toBeNull();
  });
});

describe('user agents', () => {
  it('device type, OS and browser as a person recognises them; nothing made up', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ deviceType: 'mobile', os: 'iOS 17.4', browser: 'Safari 17' });
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({
      deviceType: 'desktop',
      os: 'Windows 10',
      browser: 'Firefox 128',
    });
    expect(parseUserAgent('curl/8.5.0')).toEqual({ deviceType: 'unknown', os: null, browser: null });
    expect(parseUserAgent(null)).toEqual({ deviceType: 'unknown', os: null, browser: null });
  });
});
