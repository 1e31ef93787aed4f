import { z } from 'zod';
import { isoDate } from './common.ts';

/**
 * API keys for integrations. A key authenticates as `Authorization: Bearer vgk_…` on
 * the REST API with its role's rights in its workspace only. The key itself is returned once,
 * when it is created; the server keeps its SHA-256.
 */
export * from './api-key-values.ts';
import { API_KEY_NAME_MAX, API_KEY_ROLES } from './api-key-values.ts';

export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1, 'A name is required.').max(API_KEY_NAME_MAX),
    role: z.enum(API_KEY_ROLES, { message: `The role must be one of ${API_KEY_ROLES.join(', ')}.` }),
    expiresAt: z.string().datetime({ offset: true, message: 'An ISO 8601 date-time.' }).nullable().optional(),
  })
  .strict();
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  role: z.enum(API_KEY_ROLES),
  /** The first characters of the key, e.g. `vgk_AbCd1234`: enough to recognise it, never to use it. */
  prefix: z.string(),
  createdBy: z.object({ uid: z.string().uuid(), displayName: z.string() }),
  createdAt: isoDate,
  expiresAt: isoDate.nullable(),
  lastUsedAt: isoDate.nullable(),
  lastUsedIp: z.string().nullable(),
  /** Past its expiry: it no longer authenticates (revoke it to clear it from the list). */
  expired: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key itself, the only time it is ever sent. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
