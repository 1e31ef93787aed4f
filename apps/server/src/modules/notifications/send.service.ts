import type { Db } from '@vigil/db';
import type { DeliveryChannel } from '@vigil/shared';
import { redactCredentials } from '../../lib/redact.ts';
import type { Channels, DeliveryContext, NotifiedEvent, NotifiedTask, SendResult } from '../../lib/delivery-channel.ts';
import { deliveriesRepo, type DeliveryRow } from './deliveries.repo.ts';
import { eventImageUrl, eventLink } from './event-image.ts';
import { queueSend } from './fanout.service.ts';
import { loadNotifiedEvent } from './notified-event.repo.ts';
import { loadNotifiedTask } from './notified-task.repo.ts';
import { isTaskDelivery, staleTaskDelivery, taskLink } from './task-fanout.service.ts';

/** After a failed attempt, the next one waits this long (then the delivery fails for good). */
export const RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
/** Email waits this long for a motion event's picture (made from the indexed footage) before going without. */
export const PICTURE_WAIT_MS = 30_000;
const PICTURE_KINDS = new Set(['motion', 'ai.detection']);
const CHANNELS_WITH_PICTURE_WAIT = new Set<DeliveryChannel>(['email']);

export const EVENT_GONE = 'The event was deleted (with its camera) before this could be sent.';
export const INTERRUPTED =
  'The worker stopped during the send, so whether it arrived is unknown; not resent automatically, so it can never arrive twice.';

export interface SenderDeps {
  db: Db;
  channels: Channels;
  publicUrl: string;
  authSecret: string;
  retryDelaysMs?: readonly number[];
  pictureWaitMs?: number;
}

/**
 * The `notify-send` job: one attempt at one delivery. The row's status is the lock that makes
 * "never twice" hold: an attempt starts by moving it from pending/retrying to sending, so a
 * delivery already sent is never sent again, and one found still "sending" belonged to a worker
 * that died mid-send: its outcome is unknown, and it is marked interrupted (a person may retry it
 * from the log) rather than sent a second time. A failed attempt schedules the next through the
 * queue with a growing delay, in the same transaction that records it.
 */
export function createSender(deps: SenderDeps) {
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const pictureWait = deps.pictureWaitMs ?? PICTURE_WAIT_MS;
  const { db } = deps;

  async function markInterrupted(row: DeliveryRow) {
    await db.transaction(async (tx) => {
      await deliveriesRepo.addAttempt(tx, { deliveryId: row.id, ok: false, error: INTERRUPTED, durationMs: 0 });
      await deliveriesRepo.finish(tx, row.id, 'interrupted', { lastError: INTERRUPTED });
    });
  }

  function context(
    row: DeliveryRow,
    attempt: number,
    event: NotifiedEvent | null,
    task: NotifiedTask | null = null,
  ): DeliveryContext {
    const delivery = {
      id: row.id,
      workspaceId: row.workspaceId,
      channel: row.channel as DeliveryChannel,
      target: row.target,
      userId: row.userId,
      attempt,
    };
    // The assignee's queue opens on the task.
    if (task) return { delivery, event: null, task, link: taskLink(deps.publicUrl, task.id), imageUrl: null };
    return {
      delivery,
      event,
      link: event ? eventLink(deps.publicUrl, event.id) : `${deps.publicUrl}/dashboard`,
      imageUrl: event?.cameraId ? eventImageUrl(deps.publicUrl, deps.authSecret, event.id) : null,
    };
  }

  async function attempt(row: DeliveryRow, ctx: DeliveryContext): Promise<SendResult> {
    const channel = deps.channels[row.channel as DeliveryChannel];
    if (!channel) return { ok: false, retry: false, error: 'This channel is not set up on this server.' };
    try {
      return await channel.send(ctx);
    } catch (e) {
      return { ok: false, retry: true, error: redactCredentials((e as Error).message ?? String(e)) };
    }
  }

  /** One attempt: claim the row (the send lock), send, record the outcome and any retry in one transaction. */
  async function send(row: DeliveryRow, event: NotifiedEvent | null, task: NotifiedTask | null): Promise<void> {
    const claimed = await deliveriesRepo.claim(db, row.id);
    if (!claimed) return;
    const started = performance.now();
    const result = await attempt(claimed, context(claimed, claimed.attempts, event, task));
    const durationMs = performance.now() - started;
    await db.transaction(async (tx) => {
      await deliveriesRepo.addAttempt(tx, {
        deliveryId: row.id,
        ok: result.ok,
        code: result.code ?? null,
        error: result.ok ? null : result.error,
        durationMs,
      });
      if (result.ok && result.outbox) return deliveriesRepo.finish(tx, row.id, 'outbox');
      if (result.ok) return deliveriesRepo.finish(tx, row.id, 'sent', { sentAt: new Date() });
      if (result.skipped) return deliveriesRepo.finish(tx, row.id, 'skipped', { lastError: result.error });
      const delay = result.retry ? delays[claimed.attempts - 1] : undefined;
      if (delay === undefined) return deliveriesRepo.finish(tx, row.id, 'failed', { lastError: result.error });
      await deliveriesRepo.finish(tx, row.id, 'retrying', { lastError: result.error });
      await queueSend(tx, row.id, new Date(Date.now() + delay));
    });
  }

  return {
    async run(deliveryId: string): Promise<void> {
      const row = await deliveriesRepo.byId(db, deliveryId);
      if (!row) return;
      if (row.status === 'sending') return markInterrupted(row);
      if (row.status !== 'pending' && row.status !== 'retrying') return;
      if (isTaskDelivery(row)) {
        // A task's assignment notice: the same lock, attempts and backoff as an event's alert.
        const task = row.taskId ? await loadNotifiedTask(db, row.taskId) : undefined;
        const stale = staleTaskDelivery(row, task);
        if (stale) return deliveriesRepo.finish(db, row.id, 'skipped', { lastError: stale });
        return send(row, null, task!);
      }
      const event = row.eventId ? ((await loadNotifiedEvent(db, row.eventId)) ?? null) : null;
      // Every delivery the fan-out makes is about an event: none left means it (or its camera) was deleted.
      if (!event) return deliveriesRepo.finish(db, row.id, 'skipped', { lastError: EVENT_GONE });
      if (
        CHANNELS_WITH_PICTURE_WAIT.has(row.channel as DeliveryChannel) &&
        PICTURE_KINDS.has(event.kind) &&
        !event.thumbnailKey &&
        Date.now() - event.startAt.getTime() < pictureWait
      ) {
        // Not an attempt: the mail goes once the picture is there (or without it, after the wait).
        await queueSend(db, row.id, new Date(Date.now() + 2000));
        return;
      }
      return send(row, event, null);
    },
  };
}
