import type { Db } from '@vigil/db';
import {
  API_KEY_MAX_DAYS,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  API_KEYS_PER_WORKSPACE,
  type ApiKey,
  type ApiKeyRole,
  type CreateApiKeyInput,
  type CreatedApiKey,
  accessRole,
  grantableKeyRoles,
  lowerKeyRole,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.module.ts';
import {
  type Membership,
  type SessionUser,
  asSeenFrom,
  effectiveRole,
  hashToken,
  newToken,
} from '../../lib/session.ts';
import { type ApiKeyListRow, type ApiKeyRow, apiKeysRepo as repo } from './api-keys.repo.ts';

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

const UNIQUE_VIOLATION = '23505';
/** A key's last use is written at most this often (every keyed request reads it). */
const TOUCH_EVERY_MS = 60_000;
/** Longer than any key we make: a longer bearer is not a key, and costs no query. */
const MAX_KEY_LENGTH = 100;

function toApiKey(row: ApiKeyRow, creatorName: string, now = Date.now()): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role as ApiKeyRole,
    prefix: row.prefix,
    createdBy: { uid: row.createdBy, displayName: creatorName },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
  };
}

/** Keys are managed by people: a key never makes, lists or revokes keys (the routes refuse it first). */
function person(session: SessionUser): SessionUser {
  if (session.apiKeyId)
    throw new AppError('permission-denied', 'API keys cannot manage API keys; sign in as a person.');
  return session;
}

function expiryOf(text: string | null | undefined): Date | null {
  if (!text) return null;
  const at = new Date(text);
  const problem =
    at.getTime() <= Date.now()
      ? 'The expiry must be in the future.'
      : at.getTime() > Date.now() + API_KEY_MAX_DAYS * 86_400_000
        ? `The expiry may be at most ${API_KEY_MAX_DAYS} days away.`
        : null;
  if (problem) throw new AppError('invalid-argument', problem, { expiresAt: problem });
  return at;
}

export function createApiKeysService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async list(session: SessionUser): Promise<{ items: ApiKey[] }> {
      const rows: ApiKeyListRow[] = await repo.list(db, person(session).user.workspaceId);
      const now = Date.now();
      return { items: rows.map((r) => toApiKey(r, r.creatorName, now)) };
    },

    /** Makes a key and returns it whole: the only time it ever leaves the server. */
    async create(session: SessionUser, input: CreateApiKeyInput): Promise<CreatedApiKey> {
      const { user } = person(session);
      const grantable = grantableKeyRoles(user.role);
      if (!grantable.includes(input.role))
        throw new AppError(
          'permission-denied',
          `An API key cannot have a role above your own (${accessRole(user.role)}): choose ${grantable.join(', ') || 'none'}.`,
          { role: 'above your own role' },
        );
      const expiresAt = expiryOf(input.expiresAt);
      const key = `${API_KEY_PREFIX}${newToken().token}`;
      const taken = () =>
        new AppError('already-exists', `An API key named “${input.name}” already exists in this workspace.`, {
          name: 'already used by another key',
        });
      try {
        const row = await db.transaction(async (tx) => {
          await repo.lockWorkspace(tx, user.workspaceId);
          if ((await repo.countLive(tx, user.workspaceId)) >= API_KEYS_PER_WORKSPACE)
            throw new AppError(
              'resource-exhausted',
              `A workspace may hold ${API_KEYS_PER_WORKSPACE} API keys: revoke one you no longer use.`,
            );
          if (await repo.nameTaken(tx, user.workspaceId, input.name)) throw taken();
          const inserted = await repo.insert(tx, {
            workspaceId: user.workspaceId,
            name: input.name,
            role: input.role,
            createdBy: user.id,
            prefix: key.slice(0, API_KEY_SHOWN_CHARS),
            keyHash: hashToken(key),
            expiresAt,
          });
          await audit.record(tx, {
            action: 'api-key.created',
            targetType: 'api-key',
            targetId: inserted.id,
            details: { name: input.name, role: input.role, expiresAt: expiresAt?.toISOString() ?? null },
          });
          return inserted;
        });
        return { ...toApiKey(row, user.displayName), key };
      } catch (e) {
        const code =
          (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
        if (code === UNIQUE_VIOLATION) throw taken();
        throw e;
      }
    },

    async revoke(session: SessionUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.revoke(tx, person(session).user.workspaceId, id))) throw new AppError('not-found');
        await audit.record(tx, { action: 'api-key.revoked', targetType: 'api-key', targetId: id });
      });
    },

    /**
     * The caller a key stands for, or null: the creator as the key's workspace sees them, with the
     * key's role — never above the creator's current role there (a demoted creator's keys follow
     * them down) — and the creator's camera limits. A revoked or expired key, or one whose creator
     * was disabled or left the workspace, is nothing.
     */
    async resolve(token: string, meta: { ip?: string } = {}): Promise<SessionUser | null> {
      if (!token.startsWith(API_KEY_PREFIX) || token.length > MAX_KEY_LENGTH) return null;
      const keyHash = hashToken(token);
      const found = await repo.findLive(db, keyHash);
      if (!found) return null;
      const creatorMembership = found.membership as Membership;
      const role = lowerKeyRole(found.key.role as ApiKeyRole, effectiveRole(found.creator.role, creatorMembership));
      if (!role) return null;
      const lastUsed = found.key.lastUsedAt;
      // Use is written (and audited) at most once a minute per key: a busy integration is not a flood of entries.
      if (!lastUsed || Date.now() - lastUsed.getTime() > TOUCH_EVERY_MS)
        await db.transaction(async (tx) => {
          await repo.touch(tx, found.key.id, meta.ip);
          await audit.record(tx, {
            action: 'api-key.used',
            workspaceId: found.key.workspaceId,
            actorId: found.key.createdBy,
            apiKeyId: found.key.id,
            ip: meta.ip ?? null,
            targetType: 'api-key',
            targetId: found.key.id,
            details: { name: found.key.name },
          });
        });
      const membership: Membership = { role, cameraIds: creatorMembership.cameraIds };
      return {
        user: { ...asSeenFrom(found.creator, found.workspace, membership, found.owner), role },
        workspace: found.workspace,
        membership,
        homeWorkspaceId: found.creator.workspaceId,
        tokenHash: keyHash,
        apiKeyId: found.key.id,
        ...(lastUsed ? { lastSeenAt: lastUsed } : {}),
      };
    },
  };
}
