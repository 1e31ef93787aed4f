import { z } from 'zod';

/**
 * GET /api/v1/support: whom to ask for help (SUPPORT_EMAIL, SUPPORT_PHONE), public so the about,
 * error and sign-in pages show it to someone who cannot sign in; null when the installation set none.
 */
export const supportContactSchema = z.object({ email: z.string().nullable(), phone: z.string().nullable() });
export type SupportContact = z.infer<typeof supportContactSchema>;
