import type { Db, DbOrTx } from '@vigil/db';
import {
  DEFAULT_LIMITS,
  DEFAULT_NOTIFICATIONS,
  DEFAULT_USAGE,
  type MemberRole,
  type ListQuery,
  MAX_PHOTO_BYTES,
  type Me,
  type Page,
  type Role,
  SUPPORTED_LANGUAGES,
  TRIAL_DAYS,
  type UpdateProfileInput,
  type UpdateWorkspaceInput,
  type UserDoc,
  type Workspace,
  hasAnyRole,
  isValidTimeZone,
  phoneProblem,
} from '@vigil/shared';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import type { Storage } from '../../lib/storage.ts';
import { DEFAULT_PLAN, subscriptionService } from '../billing/billing.module.ts';
import { audit } from '../audit/audit.module.ts';
import { accountsRepo } from './accounts.repo.ts';
import { listUsersPage } from './users-list.repo.ts';
import { type UserRow, type WorkspaceRow, toUserDoc, toWorkspace } from './user-doc.ts';

const DAY_MS = 86_400_000;
const PHOTO_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export type AccountsService = ReturnType<typeof createAccountsService>;
/** A session's person as its workspace sees them (auth/session.ts). */
type Seen = { user: UserRow; workspace: WorkspaceRow; twoFactorEnabled?: boolean };
/** Whether the person has two-factor on, and whether the session's workspace requires it. */
const twoFactorOf = (session: Seen) => ({
  enabled: session.twoFactorEnabled ?? false,
  required: session.workspace.requireTwoFactor,
});

/**
 * A session's workspace row is kept by the session cache and shared by every request of that
 * session until something changes it (then the cache reads a new row): its document is written
 * once per row, not once per GET /api/v1/me.
 */
const workspaceDocs = new WeakMap<WorkspaceRow, Workspace>();
function workspaceDoc(row: WorkspaceRow): Workspace {
  const kept = workspaceDocs.get(row);
  if (kept) return kept;
  const written = toWorkspace(row);
  workspaceDocs.set(row, written);
  return written;
}

export function createAccountsService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  const doc = async (row: UserRow): Promise<UserDoc> =>
    toUserDoc(row, row.photoPath ? await storage.signedUrl(row.photoPath) : null);
  const changed = (tx: DbOrTx, row: UserRow) =>
    Promise.all([publish(tx, { topic: 'me', uid: row.id }), publish(tx, { topic: 'admin.users', uid: row.id })]);

  /**
   * The document after a change to the person's own fields, as the session's workspace sees them
   * (the stored row carries their own workspace's plan; the session carries the current one's).
   */
  const meAfter = async (session: Seen, row: UserRow): Promise<Me> => ({
    user: await doc({
      ...session.user,
      displayName: row.displayName,
      preferences: row.preferences,
      photoPath: row.photoPath,
      updatedAt: row.updatedAt,
    }),
    workspace: toWorkspace(session.workspace),
    twoFactor: twoFactorOf(session),
  });

  async function mustFind(tx: DbOrTx, uid: string): Promise<UserRow> {
    const row = await accountsRepo.findById(tx, uid);
    if (!row) throw new AppError('not-found', 'Document not found');
    return row;
  }

  /** A new workspace owned by `userId`, its trial started on the default plan. */
  async function newWorkspace(tx: DbOrTx, userId: string, displayName: string, timezone?: string, now = new Date()) {
    const workspace = await accountsRepo.insertWorkspace(tx, {
      id: crypto.randomUUID(),
      name: `${displayName}'s workspace`,
      ownerId: userId,
      // Schedules are read in the workspace's zone: the owner's own to begin with.
      ...(timezone && isValidTimeZone(timezone) ? { timeZone: timezone } : {}),
    });
    const trialEndDate = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
    // The trial runs on the default plan, whose limits and flags the document carries.
    const plan = await subscriptionService.startTrial(tx, workspace.id, trialEndDate);
    return { workspace, plan, trialEndDate };
  }

  return {
    doc,
    /** The document of a resolved session: its workspace came with it, no further query. */
    meOf: async (session: Seen): Promise<Me> => ({
      user: await doc(session.user),
      workspace: workspaceDoc(session.workspace),
      twoFactor: twoFactorOf(session),
    }),
    /**
     * Writes the spec §3 user document with every default, its workspace and its password,
     * inside the caller's transaction. The first account of an installation becomes admin.
     * Someone signing up from an invitation joins that workspace instead of getting
     * one of their own: an operator of forty customers needs no trial of their own.
     */
    async createAccount(
      tx: DbOrTx,
      input: { email: string; displayName: string; passwordHash: string; timezone?: string; language?: string },
      invited?: { workspaceId: string; role: MemberRole },
    ) {
      // Serialise sign-ups for the first-admin decision: two first sign-ups cannot both win.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vigil:first-admin'))`);
      const first = (await accountsRepo.countUsers(tx)) === 0;
      const now = new Date();
      const userId = crypto.randomUUID();
      const own = invited ? null : await newWorkspace(tx, userId, input.displayName, input.timezone, now);
      const language = (SUPPORTED_LANGUAGES as readonly string[]).includes(input.language ?? '')
        ? input.language
        : 'en';
      const user = await accountsRepo.insertUser(tx, {
        id: userId,
        email: input.email,
        displayName: input.displayName,
        role: first ? 'admin' : 'user',
        // A member's own plan fields are never read (the session shows the workspace's): defaults.
        plan: own?.plan.key ?? DEFAULT_PLAN,
        planStatus: 'trial',
        trialStartDate: now,
        trialEndDate: own?.trialEndDate ?? now,
        lastLoginAt: now,
        preferences: {
          language: language as 'en',
          theme: 'light',
          timezone: input.timezone ?? 'UTC',
          notifications: { ...DEFAULT_NOTIFICATIONS },
        },
        limits: own?.plan.limits ?? { ...DEFAULT_LIMITS },
        aiAccess: own?.plan.features.aiAccess ?? false,
        vmsAccess: own?.plan.features.vms ?? false,
        usage: { ...DEFAULT_USAGE },
        workspaceId: own?.workspace.id ?? invited!.workspaceId,
        lastWorkspaceId: invited?.workspaceId ?? null,
      });
      await accountsRepo.insertMembership(tx, {
        workspaceId: user.workspaceId,
        userId: user.id,
        role: invited?.role ?? 'owner',
      });
      await accountsRepo.insertCredentials(tx, user.id, input.passwordHash);
      await publish(tx, { topic: 'admin.users', uid: user.id });
      const workspace = own?.workspace ?? (await accountsRepo.findWorkspace(tx, user.workspaceId))!;
      return { user, workspace };
    },

    /**
     * Gives a person who belongs to no workspace of their own (they joined by invitation and were
     * then removed) a new one with a trial, so every account always has a workspace to open.
     */
    async createOwnWorkspace(tx: DbOrTx, person: UserRow) {
      const own = await newWorkspace(tx, person.id, person.displayName, person.preferences.timezone);
      await accountsRepo.insertMembership(tx, { workspaceId: own.workspace.id, userId: person.id, role: 'owner' });
      await accountsRepo.updateUser(tx, person.id, {
        workspaceId: own.workspace.id,
        plan: own.plan.key,
        planStatus: 'trial',
        trialStartDate: new Date(),
        trialEndDate: own.trialEndDate,
        limits: own.plan.limits,
        aiAccess: own.plan.features.aiAccess,
        vmsAccess: own.plan.features.vms,
        usage: { ...DEFAULT_USAGE },
        billingState: null,
      });
      return own.workspace;
    },
    findByEmail: (email: string) => accountsRepo.findByEmail(db, email),
    findById: (uid: string) => accountsRepo.findById(db, uid),
    passwordHash: (uid: string) => accountsRepo.passwordHash(db, uid),
    setPasswordHash: (tx: DbOrTx, uid: string, hash: string) => accountsRepo.setPasswordHash(tx, uid, hash),
    touchLogin: (tx: DbOrTx, uid: string) => accountsRepo.updateUser(tx, uid, { lastLoginAt: new Date() }),

    async updateProfile(session: Seen, input: UpdateProfileInput): Promise<Me> {
      const current = session.user;
      // The schema checks the shape (+ and digits); the number plan decides whether SMS can reach it.
      const phone = input.preferences?.notifications?.phoneNumber;
      const problem = phone ? phoneProblem(phone) : null;
      if (problem)
        throw new AppError('invalid-argument', 'Invalid request parameters.', {
          phoneNumber: `the phone number ${problem}`,
        });
      const prefs = current.preferences;
      const next = input.preferences
        ? {
            ...prefs,
            ...input.preferences,
            notifications: { ...prefs.notifications, ...input.preferences.notifications },
          }
        : prefs;
      const row = await db.transaction(async (tx) => {
        const r = await accountsRepo.updateUser(tx, current.id, {
          displayName: input.displayName ?? current.displayName,
          preferences: next,
        });
        if (!r) throw new AppError('not-found', 'Document not found');
        await changed(tx, r);
        return r;
      });
      return meAfter(session, row);
    },

    async setPhoto(session: Seen, data: Buffer, contentType: string): Promise<Me> {
      const current = session.user;
      const ext = PHOTO_TYPES[contentType];
      if (!ext)
        throw new AppError('invalid-argument', 'Invalid request parameters.', { photo: 'PNG, JPEG or WebP only' });
      if (data.length === 0 || data.length > MAX_PHOTO_BYTES) {
        throw new AppError('out-of-range', 'Request parameters are out of valid range.', { photo: 'up to 2 MB' });
      }
      // A new name each time so a cached signed URL of the old photo never shows the new one.
      const key = `users/${current.id}/photo-${Date.now()}.${ext}`;
      await storage.put(key, data, contentType);
      const row = await db.transaction(async (tx) => {
        const r = await accountsRepo.updateUser(tx, current.id, { photoPath: key });
        await changed(tx, r!);
        return r!;
      });
      if (current.photoPath) await storage.delete(current.photoPath);
      return meAfter(session, row);
    },

    async removePhoto(session: Seen): Promise<Me> {
      const current = session.user;
      const row = await db.transaction(async (tx) => {
        const r = await accountsRepo.updateUser(tx, current.id, { photoPath: null });
        await changed(tx, r!);
        return r!;
      });
      if (current.photoPath) await storage.delete(current.photoPath);
      return meAfter(session, row);
    },

    /**
     * The owner or a manager changes their workspace's settings (whether viewers may export,
     * whether new cameras start with motion alerts). Only the session's own workspace: any other id is not found.
     */
    async updateWorkspace(session: Seen, id: string, input: UpdateWorkspaceInput): Promise<Workspace> {
      if (id !== session.workspace.id) throw new AppError('not-found');
      const patch = {
        ...(input.viewersMayExport !== undefined ? { viewersMayExport: input.viewersMayExport } : {}),
        ...(input.newCameraMotionAlerts !== undefined ? { newCameraMotionAlerts: input.newCameraMotionAlerts } : {}),
      };
      if (Object.keys(patch).length === 0) return toWorkspace(session.workspace);
      return db.transaction(async (tx) => {
        const row = await accountsRepo.updateWorkspace(tx, id, patch);
        if (!row) throw new AppError('not-found');
        // Every member's open app re-reads its session (the export button follows the setting).
        for (const uid of await accountsRepo.memberIds(tx, id)) await publish(tx, { topic: 'me', uid });
        return toWorkspace(row);
      });
    },

    async listUsers(query: ListQuery & { q?: string }): Promise<Page<UserDoc>> {
      const page = await listUsersPage(db, query);
      return { items: await Promise.all(page.rows.map(doc)), nextCursor: page.nextCursor };
    },

    async setRole(actor: UserRow, uid: string, role: Role): Promise<UserDoc> {
      if (uid === actor.id && role !== 'admin') {
        throw new AppError('failed-precondition', 'You cannot remove your own administrator role.');
      }
      return db.transaction(async (tx) => {
        const before = await mustFind(tx, uid);
        // A workspace always keeps someone who can manage it: its owner's role stays a managing one.
        if (!hasAnyRole(role, ['manager', 'admin']) && (await accountsRepo.ownsWorkspace(tx, uid)))
          throw new AppError(
            'failed-precondition',
            'This account owns a workspace, so it keeps a role that can manage it (owner, manager or administrator) until the workspace has another owner.',
          );
        const row = await accountsRepo.updateUser(tx, uid, { role });
        // Someone who owns no workspace works in their home one as a member: the role
        // an administrator gives them is their role there.
        if (role === 'manager' || role === 'operator' || role === 'viewer')
          await accountsRepo.setMemberRole(tx, row!.workspaceId, uid, role);
        await changed(tx, row!);
        // Open realtime streams re-check what this user may hear.
        await publish(tx, { topic: 'role.changed', uid, role });
        await audit.record(tx, {
          action: 'user.role-changed',
          actorId: actor.id,
          workspaceId: before.workspaceId,
          targetType: 'user',
          targetId: uid,
          details: { email: before.email, from: before.role, to: role },
        });
        return doc(row!);
      });
    },

    async setDisabled(actor: UserRow, uid: string, disabled: boolean, endSessions: (tx: DbOrTx) => Promise<void>) {
      if (uid === actor.id) throw new AppError('failed-precondition', 'You cannot disable your own account.');
      return db.transaction(async (tx) => {
        const before = await mustFind(tx, uid);
        const row = await accountsRepo.updateUser(tx, uid, {
          disabledAt: disabled ? (before.disabledAt ?? new Date()) : null,
        });
        if (disabled) await endSessions(tx);
        await changed(tx, row!);
        await audit.record(tx, {
          action: disabled ? 'user.disabled' : 'user.enabled',
          actorId: actor.id,
          workspaceId: before.workspaceId,
          targetType: 'user',
          targetId: uid,
          details: { email: before.email },
        });
        return doc(row!);
      });
    },
  };
}
