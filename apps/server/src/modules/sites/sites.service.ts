import type { Db, DbOrTx } from '@vigil/db';
import type {
  CreateSiteInput,
  Site,
  SiteAccess,
  SiteCamerasInput,
  SiteDetails,
  SiteListQuery,
  UpdateSiteInput,
} from '@vigil/shared';
import { siteAttention } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { isoText } from '../../lib/iso-text.ts';
import { publishScopeChanged, publishSiteScopeChanged } from '../../lib/camera-scope.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import { planGate } from '../billing/billing.module.ts';
import { type SiteRow, type SiteWithCounts, type SitesOf, sitesRepo as repo } from './sites.repo.ts';

export type SitesService = ReturnType<typeof createSitesService>;

/** The caller: workspace, camera scope, and the sites their membership names (null = no site limit). */
export type SitesActor = SitesOf & { uid: string };

const target = (id: string) => ({ targetType: 'site', targetId: id });

function toSite({ site, counts }: SiteWithCounts): Site {
  return {
    id: site.id,
    name: site.name,
    address: site.address,
    latitude: site.latitude,
    longitude: site.longitude,
    timezone: site.timezone,
    contacts: site.contacts,
    notes: site.notes,
    tags: site.tags,
    defaultScheduleId: site.defaultScheduleId,
    defaultRetentionDays: site.defaultRetentionDays,
    counts,
    // The list writes two per site: lib/iso-text.ts gives toISOString's text at about half its cost.
    createdAt: isoText(site.createdAt),
    updatedAt: isoText(site.updatedAt),
  };
}

const nameTaken = () =>
  new AppError('already-exists', 'A site with this name already exists in this workspace.', {
    name: 'already used by another site',
  });

/**
 * Sites of the multi-site VMS area. Every call first asks the plan gate for `vms`;
 * writes are the owner's and managers' (routes), and a member limited to some cameras may not
 * change sites at all (a site's set of cameras is the workspace's business, as adding cameras is).
 */
export function createSitesService(deps: { db: Db; mapTileUrl: string | null }) {
  const { db } = deps;

  async function gate(db: DbOrTx, actor: SitesActor) {
    await planGate.assertFeature(db, actor.workspaceId, 'vms');
  }
  function assertUnlimited(actor: SitesActor) {
    if (actor.cameraIds !== null)
      throw new AppError('permission-denied', 'Your access is limited to some cameras: you cannot change sites.');
  }
  async function one(db: DbOrTx, actor: SitesActor, id: string): Promise<SiteWithCounts> {
    const [row] = await repo.list(db, actor, { id });
    if (!row) throw new AppError('not-found');
    return row;
  }
  async function mustFind(tx: DbOrTx, actor: SitesActor, id: string): Promise<SiteRow> {
    const row = await repo.find(tx, actor.workspaceId, id, true);
    if (!row) throw new AppError('not-found');
    return row;
  }
  async function assertSchedule(tx: DbOrTx, actor: SitesActor, id: string | null | undefined) {
    if (id && !(await repo.scheduleExists(tx, actor.workspaceId, id)))
      throw new AppError('invalid-argument', 'Invalid request parameters.', { defaultScheduleId: 'no such schedule' });
  }
  /** Pages hear of it; the recorder hears of cameras whose settings changed; site-limited members' scope follows. */
  async function changed(tx: DbOrTx, actor: SitesActor, siteId: string, cameraIds: string[], scope: boolean) {
    await publish(tx, { topic: 'sites', workspaceId: actor.workspaceId, id: siteId });
    for (const id of cameraIds) {
      await publish(tx, { topic: 'cameras', workspaceId: actor.workspaceId, id });
      await publish(tx, { topic: 'cameras.changed', workspaceId: actor.workspaceId, id });
    }
    if (scope) await publishSiteScopeChanged(tx, actor.workspaceId);
  }

  return {
    async list(actor: SitesActor, query: SiteListQuery) {
      await gate(db, actor);
      const { sites: rows, tags } = await repo.listWithTags(db, actor, query);
      // Most attention first (offline cameras, then open alerts), then by name: the dashboard's order.
      const items = rows.map(toSite).sort((a, b) => siteAttention(b.counts) - siteAttention(a.counts));
      return { items, tags, mapTileUrl: deps.mapTileUrl };
    },

    async get(actor: SitesActor, id: string): Promise<SiteDetails> {
      await gate(db, actor);
      const row = await one(db, actor, id);
      const now = new Date();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [cameras, health] = await Promise.all([
        repo.cameras(db, actor, id),
        repo.health(db, actor, id, monthStart),
      ]);
      return {
        ...toSite(row),
        cameras: cameras.map((c) => ({ ...c, status: c.status as SiteDetails['cameras'][number]['status'] })),
        health: {
          cameras: row.counts.cameras,
          camerasOnline: row.counts.online,
          storageBytes: row.counts.storageBytes,
          openAlerts: row.counts.openAlerts,
          lastRecordingAt: health.lastRecordingAt?.toISOString() ?? null,
          uptimeThisMonth: row.counts.cameras > 0 ? health.uptime : null,
        },
      };
    },

    async create(actor: SitesActor, input: CreateSiteInput): Promise<Site> {
      assertUnlimited(actor);
      const id = await db.transaction(async (tx) => {
        await gate(tx, actor);
        await planGate.assertWritable(tx, actor.workspaceId, 'Adding sites');
        if (await repo.nameTaken(tx, actor.workspaceId, input.name)) throw nameTaken();
        const row = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          name: input.name,
          address: input.address ?? null,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          timezone: input.timezone ?? null,
          contacts: input.contacts ?? [],
          notes: input.notes ?? null,
          tags: input.tags ?? [],
        });
        await audit.record(tx, { action: 'site.created', ...target(row.id), details: { name: row.name } });
        await publish(tx, { topic: 'sites', workspaceId: actor.workspaceId, id: row.id });
        return row.id;
      });
      return toSite(await one(db, actor, id));
    },

    async update(actor: SitesActor, id: string, input: UpdateSiteInput): Promise<Site> {
      assertUnlimited(actor);
      await db.transaction(async (tx) => {
        await gate(tx, actor);
        const before = await mustFind(tx, actor, id);
        if (input.name !== undefined && (await repo.nameTaken(tx, actor.workspaceId, input.name, id)))
          throw nameTaken();
        await assertSchedule(tx, actor, input.defaultScheduleId);
        const { defaultScheduleId, defaultRetentionDays, ...fields } = input;
        const patch: Partial<SiteRow> = { ...fields };
        if (defaultScheduleId !== undefined) patch.defaultScheduleId = defaultScheduleId;
        if (defaultRetentionDays !== undefined) patch.defaultRetentionDays = defaultRetentionDays;
        await repo.update(tx, actor.workspaceId, id, patch);
        // A default set now applies to the site's cameras now (and to each that joins later).
        const touched = await repo.applyDefaults(tx, actor.workspaceId, id, {
          scheduleId: defaultScheduleId,
          retentionDays: defaultRetentionDays,
        });
        await audit.record(tx, {
          action: 'site.updated',
          ...target(id),
          details: { name: input.name ?? before.name, fields: Object.keys(input), camerasUpdated: touched.length },
        });
        await changed(tx, actor, id, touched, false);
      });
      return toSite(await one(db, actor, id));
    },

    async remove(actor: SitesActor, id: string): Promise<void> {
      assertUnlimited(actor);
      await db.transaction(async (tx) => {
        await gate(tx, actor);
        const site = await mustFind(tx, actor, id);
        await repo.remove(tx, actor.workspaceId, id);
        await audit.record(tx, { action: 'site.deleted', ...target(id), details: { name: site.name } });
        await changed(tx, actor, id, [], true);
      });
    },

    /** Moves cameras into the site (from another or from none) or out of it (to none). */
    async moveCameras(actor: SitesActor, id: string, input: SiteCamerasInput): Promise<SiteDetails> {
      assertUnlimited(actor);
      await db.transaction(async (tx) => {
        await gate(tx, actor);
        const site = await mustFind(tx, actor, id);
        const add = [...new Set(input.add ?? [])];
        const remove = [...new Set(input.remove ?? [])];
        const both = add.filter((c) => remove.includes(c));
        if (both.length > 0)
          throw new AppError('invalid-argument', 'A camera cannot be added and removed at once.', {
            add: `camera ${both[0]} is in both lists`,
          });
        const found = await repo.lockCameras(tx, actor, [...add, ...remove]);
        const known = new Set(found.map((c) => c.id));
        const unknown = [...add, ...remove].find((c) => !known.has(c));
        if (unknown)
          throw new AppError('invalid-argument', 'Some of these cameras are not in this workspace.', {
            [add.includes(unknown) ? 'add' : 'remove']: `unknown camera ${unknown}`,
          });
        const leaving = found.filter((c) => remove.includes(c.id) && c.siteId === id).map((c) => c.id);
        await repo.setSite(tx, actor.workspaceId, add, id);
        await repo.setSite(tx, actor.workspaceId, leaving, null);
        const defaults = { scheduleId: site.defaultScheduleId, retentionDays: site.defaultRetentionDays };
        await repo.applyDefaults(tx, actor.workspaceId, id, defaults, add);
        await audit.record(tx, {
          action: 'site.cameras-moved',
          ...target(id),
          details: { name: site.name, added: add, removed: leaving },
        });
        await changed(tx, actor, id, [...add, ...leaving], true);
      });
      return this.get(actor, id);
    },

    async access(actor: SitesActor, id: string): Promise<SiteAccess> {
      await gate(db, actor);
      if (!(await repo.find(db, actor.workspaceId, id))) throw new AppError('not-found');
      const rows = await repo.accessRows(db, actor.workspaceId);
      return {
        members: rows.map((m) => {
          const unlimited = m.role === 'owner' || (m.siteIds === null && m.cameraIds === null);
          return {
            userId: m.userId,
            displayName: m.displayName,
            email: m.email,
            role: m.role,
            unlimited,
            granted: unlimited || (m.siteIds ?? []).includes(id),
          };
        }),
      };
    },

    /**
     * Who may see the site: each listed member limited by sites or cameras gets it, each limited
     * member not listed loses it. A member who sees everything is left so (granting them one site
     * would take the others away; limiting someone is the team page's decision).
     */
    async setAccess(actor: SitesActor, id: string, userIds: string[]): Promise<SiteAccess> {
      assertUnlimited(actor);
      await db.transaction(async (tx) => {
        await gate(tx, actor);
        const site = await mustFind(tx, actor, id);
        const rows = await repo.accessRows(tx, actor.workspaceId);
        const members = new Set(rows.map((r) => r.userId));
        const stranger = userIds.find((u) => !members.has(u));
        if (stranger)
          throw new AppError('invalid-argument', 'Some of these people are not members of this workspace.', {
            userIds: `unknown member ${stranger}`,
          });
        const want = new Set(userIds);
        const granted: string[] = [];
        const revoked: string[] = [];
        for (const m of rows) {
          if (m.role === 'owner' || (m.siteIds === null && m.cameraIds === null)) continue;
          const has = (m.siteIds ?? []).includes(id);
          if (want.has(m.userId) === has) continue;
          const next = want.has(m.userId) ? [...(m.siteIds ?? []), id] : (m.siteIds ?? []).filter((s) => s !== id);
          await repo.setSiteIds(tx, actor.workspaceId, m.userId, next);
          await publishScopeChanged(tx, m.userId, actor.workspaceId);
          (want.has(m.userId) ? granted : revoked).push(m.userId);
        }
        if (granted.length + revoked.length === 0) return;
        await audit.record(tx, {
          action: 'site.access-changed',
          ...target(id),
          details: { name: site.name, granted, revoked },
        });
        await publish(tx, { topic: 'sites', workspaceId: actor.workspaceId, id });
        await publish(tx, { topic: 'team', workspaceId: actor.workspaceId });
      });
      return this.access(actor, id);
    },
  };
}
