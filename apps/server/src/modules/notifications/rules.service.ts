import type { Db } from '@vigil/db';
import type { CreateRuleInput, NotificationRule, Recipient, UpdateRuleInput } from '@vigil/shared';
import { createRuleSchema } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type ScopedActor, mayReach } from '../../lib/camera-scope.ts';
import { audit } from '../audit/audit.module.ts';
import { rolesOf } from './fanout.service.ts';
import { recipientsRepo } from './recipients.repo.ts';
import { type RuleRow, rulesRepo } from './rules.repo.ts';

/** The caller: their workspace, the cameras they may reach in it, and who they are. */
export interface Actor extends ScopedActor {
  uid: string;
}

const invalid = (field: string, why: string) =>
  new AppError('invalid-argument', 'Invalid request parameters.', { [field]: why });

export function toRule(r: RuleRow): NotificationRule {
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    kinds: r.kinds as NotificationRule['kinds'],
    severities: r.severities as NotificationRule['severities'],
    cameraIds: r.cameraIds,
    onlyWhenArmed: r.onlyWhenArmed,
    recipientUserIds: r.recipientUserIds,
    recipientRoles: r.recipientRoles as NotificationRule['recipientRoles'],
    channels: r.channels as NotificationRule['channels'],
    cooldownSeconds: r.cooldownSeconds,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

/** Notification rules: which events reach which people over which channels. */
export function createRulesService(deps: { db: Db }) {
  const { db } = deps;

  /** A rule names only its own workspace's cameras and people, and someone to tell. */
  async function check(actor: Actor, r: Pick<NotificationRule, 'cameraIds' | 'recipientUserIds' | 'recipientRoles'>) {
    const cams = await rulesRepo.ownCameraIds(db, actor.workspaceId, r.cameraIds);
    // A camera outside the caller's scope is, to them, not in this workspace.
    if (r.cameraIds.some((id) => !cams.has(id) || !mayReach(actor.cameraIds, id)))
      throw invalid('cameraIds', 'names a camera that is not in this workspace');
    const people = await rulesRepo.ownUserIds(db, actor.workspaceId, r.recipientUserIds);
    if (r.recipientUserIds.some((id) => !people.has(id)))
      throw invalid('recipientUserIds', 'names someone who is not in this workspace');
    if (!r.recipientUserIds.length && !r.recipientRoles.length)
      throw invalid('recipientRoles', 'choose at least one person or role to notify');
  }

  return {
    /** Who a rule can name: the workspace's people, each with the role a rule would see. */
    async people(actor: Actor): Promise<Recipient[]> {
      return (await recipientsRepo.people(db, actor.workspaceId)).map((p) => ({
        id: p.id,
        displayName: p.displayName,
        email: p.email,
        role: p.isOwner ? 'owner' : [...rolesOf(p)][0]!,
      }));
    },
    async list(actor: Actor): Promise<NotificationRule[]> {
      return (await rulesRepo.list(db, actor.workspaceId)).map(toRule);
    },
    async get(actor: Actor, id: string): Promise<NotificationRule> {
      const row = await rulesRepo.get(db, actor.workspaceId, id);
      if (!row) throw new AppError('not-found');
      return toRule(row);
    },
    async create(actor: Actor, input: CreateRuleInput): Promise<NotificationRule> {
      const r = createRuleSchema.parse(input);
      const rule = {
        ...r,
        kinds: unique(r.kinds),
        severities: unique(r.severities),
        cameraIds: unique(r.cameraIds),
        recipientUserIds: unique(r.recipientUserIds),
        recipientRoles: unique(r.recipientRoles),
        channels: unique(r.channels),
      };
      await check(actor, rule);
      return db.transaction(async (tx) => {
        const row = await rulesRepo.insert(tx, { workspaceId: actor.workspaceId, ...rule });
        await audit.record(tx, {
          action: 'notification-rule.created',
          targetType: 'notification-rule',
          targetId: row.id,
          details: { name: row.name, channels: rule.channels },
        });
        return toRule(row);
      });
    },
    async update(actor: Actor, id: string, patch: UpdateRuleInput): Promise<NotificationRule> {
      return db.transaction(async (tx) => {
        const current = await rulesRepo.get(tx, actor.workspaceId, id);
        if (!current) throw new AppError('not-found');
        const next = { ...toRule(current), ...patch };
        await check(actor, next);
        if (!Object.keys(patch).length) return toRule(current);
        const row = await rulesRepo.update(tx, actor.workspaceId, id, {
          ...patch,
          ...(patch.cameraIds ? { cameraIds: unique(patch.cameraIds) } : {}),
          ...(patch.recipientUserIds ? { recipientUserIds: unique(patch.recipientUserIds) } : {}),
        });
        await audit.record(tx, {
          action: 'notification-rule.updated',
          targetType: 'notification-rule',
          targetId: id,
          details: { name: row!.name, fields: Object.keys(patch) },
        });
        return toRule(row!);
      });
    },
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await rulesRepo.remove(tx, actor.workspaceId, id))) throw new AppError('not-found');
        await audit.record(tx, { action: 'notification-rule.deleted', targetType: 'notification-rule', targetId: id });
      });
    },
  };
}
export type RulesService = ReturnType<typeof createRulesService>;
