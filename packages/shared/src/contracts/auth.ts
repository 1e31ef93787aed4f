import { z } from 'zod';
import { displayNameSchema, emailSchema, meSchema, passwordSchema, timezoneSchema } from './user.ts';

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  displayName: displayNameSchema,
  timezone: timezoneSchema.optional(),
  language: z.string().max(10).optional(),
  /** Signing up from an invitation: the account joins that workspace instead of getting its own. */
  invitationToken: z.string().trim().min(20).max(200).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1).max(256) });
export type SignInInput = z.infer<typeof signInSchema>;

/** Sign-in and sign-up answer with the document and a bearer token (the cookie is set too). */
export const authResultSchema = meSchema.extend({ token: z.string() });
export type AuthResult = z.infer<typeof authResultSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({ token: z.string().min(10).max(200), password: passwordSchema });
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(256),
  newPassword: passwordSchema,
});

/** Admin › Settings: how sign-in answers failures (spec §8 messages, or one answer for both). */
export const authSettingsSchema = z
  .object({
    /** On: an unknown email and a wrong password both answer auth/invalid-credential ("Login failed…"). */
    enumerationProtection: z.boolean(),
  })
  .strict();
export type AuthSettingsInput = z.infer<typeof authSettingsSchema>;
