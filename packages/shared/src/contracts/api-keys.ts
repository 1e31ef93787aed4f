import { z } from 'zod';
import { type AccessRole, accessRole } from '../roles.ts';
import { isoDate } from './common.ts';

/**
 * API keys for integrations. A key authenticates as `Authorization: Bearer vgk_…` on
 * the REST API with its role's rights in its workspace only. The key itself is returned once,
 * when it is created; the server keeps its SHA-256.
 */
export const API_KEY_PREFIX = 'vgk_';
/** What a list shows of a key: the marker and the first characters of the secret. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 8;
export const API_KEY_ROLES = ['manager', 'operator', 'viewer'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
export const API_KEY_NAME_MAX = 80;
/** Live (unrevoked) keys a workspace may hold at once. */
export const API_KEYS_PER_WORKSPACE = 100;
/** The furthest expiry a key may be given. */
export const API_KEY_MAX_DAYS = 5 * 366;

const RANK: Record<AccessRole, number> = { viewer: 0, operator: 1, manager: 2, admin: 3 };

/**
 * The key roles a person may grant: none above their own (an owner counts as manager, and an
 * installation admin's keys are manager keys at most: the API keys of a workspace never administer
 * the installation).
 */
export function grantableKeyRoles(role: unknown): ApiKeyRole[] {
  const own = RANK[accessRole(role)];
  return API_KEY_ROLES.filter((r) => RANK[r] <= own);
}

/** The lower of two roles, as a key role (a key never acts above its creator's current role). */
export function lowerKeyRole(keyRole: ApiKeyRole, creatorRole: unknown): ApiKeyRole | null {
  const allowed = grantableKeyRoles(creatorRole);
  if (allowed.includes(keyRole)) return keyRole;
  return allowed[0] ?? null;
}

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
