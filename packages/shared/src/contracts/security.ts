import { z } from 'zod';
import { authResultSchema } from './auth.ts';
import { isoDate } from './common.ts';

/**
 * The security dashboard (/security): a person's own sessions, their sign-in history,
 * TOTP two-factor authentication with recovery codes, and the workspace's "require two-factor"
 * policy. Also the second step of sign-in.
 */

/** How many recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait for its code. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** What a refused request of a member who must first turn two-factor on says. */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This workspace requires two-factor authentication. Turn it on in Security to continue.';

/** Six digits, as an authenticator app shows them (one space in the middle is forgiven). */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, 'must be the 6-digit code from your authenticator app');
/** xxxxx-xxxxx (letters and digits; the dash and the case are forgiven). */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9]{5}[- ]?[a-zA-Z0-9]{5}$/, 'must be one of your recovery codes (xxxxx-xxxxx)');

/** Exactly one of a code from the app or a recovery code. */
const oneFactor = <T extends { code?: string; recoveryCode?: string }>(v: T, ctx: z.RefinementCtx) => {
  if ((v.code === undefined) === (v.recoveryCode === undefined))
    ctx.addIssue({
      code: 'custom',
      path: ['code'],
      message: 'give either the code from your authenticator app or a recovery code',
    });
};

/** Sign-in's answer when the account has two-factor on: no session yet, a signed challenge for the second step. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: isoDate,
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /auth/sign-in: the session (as before) or, with two-factor on, the challenge. */
export const signInResultSchema = z.union([authResultSchema, twoFactorChallengeSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const signInTwoFactorSchema = z
  .object({
    challenge: z.string().min(1).max(1000),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .strict()
  .superRefine(oneFactor);
export type SignInTwoFactorInput = z.infer<typeof signInTwoFactorSchema>;

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'bot', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** What a user agent says, parsed on the server. */
export const clientSchema = z.object({
  deviceType: z.enum(DEVICE_TYPES),
  /** "Windows 10", "iOS 17.4", "Android 14"; null when unknown. */
  os: z.string().nullable(),
  /** "Chrome 126", "Safari 17.4", "Firefox 128"; null when unknown (an API client). */
  browser: z.string().nullable(),
});
export type ClientInfo = z.infer<typeof clientSchema>;

/** One of the caller's live sessions. `id` is opaque (never the token or its hash). */
export const securitySessionSchema = clientSchema.extend({
  id: z.string(),
  address: z.string().nullable(),
  signedInAt: isoDate,
  lastActiveAt: isoDate,
  current: z.boolean(),
  workspace: z.object({ id: z.string(), name: z.string() }),
});
export type SecuritySession = z.infer<typeof securitySessionSchema>;
export const securitySessionListSchema = z.object({ items: z.array(securitySessionSchema) });
export const sessionIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'must be a session id from the sessions list'),
});

export const SIGN_IN_FAILURES = [
  'wrong-password',
  'unknown-account',
  'two-factor-failed',
  'throttled',
  'disabled',
] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];
export const SIGN_IN_METHODS = ['password', 'totp', 'recovery-code'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const signInAttemptSchema = clientSchema.extend({
  id: z.string(),
  ok: z.boolean(),
  /** Why a failure failed; null for a success. */
  reason: z.enum(SIGN_IN_FAILURES).nullable(),
  /** How a success signed in; null for a failure. */
  method: z.enum(SIGN_IN_METHODS).nullable(),
  address: z.string().nullable(),
  at: isoDate,
});
export type SignInAttempt = z.infer<typeof signInAttemptSchema>;
export const signInAttemptsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  startAfter: z.string().max(200).optional(),
});
export const signInAttemptPageSchema = z.object({
  items: z.array(signInAttemptSchema),
  nextCursor: z.string().nullable(),
});

/** GET /security/2fa: the caller's two-factor state and their current workspace's policy. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: isoDate.nullable(),
  recoveryCodesLeft: z.number().int(),
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    requireTwoFactor: z.boolean(),
    /** Whether the caller may change the policy (the workspace's owner or a manager). */
    canChangePolicy: z.boolean(),
  }),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The enrolment's secret, shown once: typed by hand, or scanned from the QR code of its otpauth:// URI. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The URI as a QR code: an SVG image as a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableSchema = z.object({ code: totpCodeSchema }).strict();
export const twoFactorDisableSchema = z
  .object({
    password: z.string().min(1).max(256),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .strict()
  .superRefine(oneFactor);
export const recoveryCodesRequestSchema = z.object({ password: z.string().min(1).max(256) }).strict();
/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const workspacePolicySchema = z.object({ requireTwoFactor: z.boolean() }).strict();
export type WorkspacePolicy = z.infer<typeof workspacePolicySchema>;
