import type { Db, DbOrTx } from '@vigil/db';
import { accessRole, maskPhone, type PersonChannel, type RuleRole } from '@vigil/shared';
import { rowInScope } from '../../lib/camera-scope.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import type { NotifiedEvent } from '../../lib/delivery-channel.ts';
import { deliveriesRepo, type NewDelivery } from './deliveries.repo.ts';
import { maskEmail, maskEndpoint, maskUrl } from './masks.ts';
import { loadNotifiedEvent } from './notified-event.repo.ts';
import { type Person, recipientsRepo } from './recipients.repo.ts';
import { type RuleRow, rulesRepo } from './rules.repo.ts';

/**
 * The `notify-event` job: who hears about one event, over what. In one transaction it claims
 * the cooldowns, writes one delivery per destination (a unique key per event and destination,
 * so a retried fan-out adds nothing) and queues a `notify-send` job for each new one. A crash
 * before the commit leaves nothing behind; after it, the retry finds the work done.
 */
export async function fanOutEvent(db: Db, eventId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const event = await loadNotifiedEvent(tx, eventId);
    if (!event) return 0;
    const rows: NewDelivery[] = [];
    const snoozed = event.snoozedUntil !== null && event.snoozedUntil > event.startAt;
    if (!snoozed) rows.push(...(await peopleDeliveries(tx, event)));
    rows.push(...(await integrationDeliveries(tx, event)));
    const created = await deliveriesRepo.insertNew(tx, rows);
    for (const d of created) if (d.status === 'pending') await queueSend(tx, d.id);
    return created.length;
  });
}

/** One send job per delivery; the job key keeps a delivery from having two at once. */
export async function queueSend(tx: DbOrTx, deliveryId: string, runAt?: Date): Promise<void> {
  await enqueue(tx, 'notify-send', { deliveryId }, { runAt, maxAttempts: 5 });
}

export function ruleMatches(rule: RuleRow, e: NotifiedEvent): boolean {
  if (!rule.enabled) return false;
  if (rule.kinds.length && !rule.kinds.includes(e.kind)) return false;
  if (!rule.severities.includes(e.severity)) return false;
  if (rule.cameraIds.length && (!e.cameraId || !rule.cameraIds.includes(e.cameraId))) return false;
  if (rule.onlyWhenArmed && !e.armed) return false;
  return true;
}

/** The roles a rule may name that this person holds (an owner is also a manager, an admin counts as one). */
export function rolesOf(p: Pick<Person, 'role' | 'isOwner'>): Set<RuleRole> {
  const role = accessRole(p.role);
  const out = new Set<RuleRole>([role === 'admin' ? 'manager' : role]);
  if (p.isOwner) out.add('owner');
  return out;
}

async function peopleDeliveries(tx: DbOrTx, e: NotifiedEvent): Promise<NewDelivery[]> {
  const rules = (await rulesRepo.list(tx, e.workspaceId)).filter((r) => ruleMatches(r, e));
  if (!rules.length) return [];
  // A member limited to some cameras hears only of those (and of what belongs to no camera).
  const people = (await recipientsRepo.people(tx, e.workspaceId)).filter((p) => rowInScope(p.cameraIds, e.cameraId));
  // Channels per person over every rule that fires (one person named by two rules hears once).
  const wanted = new Map<string, Set<PersonChannel>>();
  for (const rule of rules) {
    const who = people.filter(
      (p) => rule.recipientUserIds.includes(p.id) || [...rolesOf(p)].some((r) => rule.recipientRoles.includes(r)),
    );
    if (!who.length) continue;
    if (rule.cooldownSeconds > 0) {
      const free = await rulesRepo.claimCooldown(tx, {
        ruleId: rule.id,
        cameraKey: e.cameraId ?? '',
        kind: e.kind,
        at: e.startAt,
        seconds: rule.cooldownSeconds,
      });
      if (!free) continue;
    }
    for (const p of who) {
      const set = wanted.get(p.id) ?? new Set();
      for (const c of rule.channels) set.add(c as PersonChannel);
      wanted.set(p.id, set);
    }
  }
  const byId = new Map(people.map((p) => [p.id, p]));
  const base = { workspaceId: e.workspaceId, eventId: e.id };
  const rows: NewDelivery[] = [];
  const pushUsers = [...wanted].filter(([id, ch]) => ch.has('push') && byId.get(id)!.preferences.notifications.push);
  const tokens = await recipientsRepo.activeTokens(
    tx,
    pushUsers.map(([id]) => id),
  );
  for (const t of tokens)
    rows.push({
      ...base,
      userId: t.userId,
      channel: 'push',
      target: t.token,
      destination: maskEndpoint(t.token),
      dedupeKey: `${e.id}:push:${t.token}`,
    });
  for (const [id, channels] of wanted) {
    const p = byId.get(id)!;
    const prefs = p.preferences.notifications;
    if (channels.has('email') && prefs.email)
      rows.push({
        ...base,
        userId: id,
        channel: 'email',
        target: id,
        destination: maskEmail(p.email),
        dedupeKey: `${e.id}:email:${id}`,
        // Digest readers get it in tomorrow morning's mail instead.
        status: prefs.digest ? 'digest' : 'pending',
      });
    if (channels.has('sms') && prefs.sms && prefs.phoneNumber)
      rows.push({
        ...base,
        userId: id,
        channel: 'sms',
        target: prefs.phoneNumber,
        destination: maskPhone(prefs.phoneNumber),
        dedupeKey: `${e.id}:sms:${prefs.phoneNumber}`,
      });
  }
  return rows;
}

/** Webhooks of the event's kind and the MQTT broker hear every event; snoozing is for people. */
async function integrationDeliveries(tx: DbOrTx, e: NotifiedEvent): Promise<NewDelivery[]> {
  const base = { workspaceId: e.workspaceId, eventId: e.id, userId: null };
  const rows: NewDelivery[] = [];
  for (const w of await recipientsRepo.enabledWebhooks(tx, e.workspaceId)) {
    if (w.kinds.length && !w.kinds.includes(e.kind)) continue;
    rows.push({
      ...base,
      channel: 'webhook',
      target: w.id,
      destination: maskUrl(w.url),
      dedupeKey: `${e.id}:webhook:${w.id}`,
    });
  }
  if (await recipientsRepo.mqttConfigured(tx, e.workspaceId))
    rows.push({ ...base, channel: 'mqtt', target: 'mqtt', destination: 'MQTT broker', dedupeKey: `${e.id}:mqtt` });
  return rows;
}
