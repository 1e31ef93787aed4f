import type { Db } from '@vigil/db';
import type { Delivery, DeliveryChannel, DeliveryStatus, deliveriesQuerySchema } from '@vigil/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/list-query.ts';
import { deliveriesRepo, type DeliveryRow } from './deliveries.repo.ts';
import { queueSend } from './fanout.service.ts';
import type { Actor } from './rules.service.ts';

const cursorOf = (r: DeliveryRow) => encodeKeyset([r.createdAt.toISOString(), r.id]);
function parseCursor(c: string): { at: Date; id: string } {
  const [at, id] = decodeKeyset(c, ['timestamp', 'uuid']);
  return { at: new Date(at!), id: id! };
}

/** The delivery log: every delivery with each of its attempts; a failed one can be sent again. */
export function createDeliveriesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async page(actor: Actor, q: z.infer<typeof deliveriesQuerySchema>) {
      const rows = await deliveriesRepo.page(db, {
        workspaceId: actor.workspaceId,
        cameraIds: actor.cameraIds,
        channel: q.channel,
        status: q.status,
        eventId: q.eventId,
        limit: q.limit + 1,
        after: q.startAfter ? parseCursor(q.startAfter) : undefined,
      });
      const page = rows.slice(0, q.limit);
      const attempts = await deliveriesRepo.attemptsOf(
        db,
        page.map((r) => r.id),
      );
      const items: Delivery[] = page.map((r) => ({
        id: r.id,
        eventId: r.eventId,
        taskId: r.taskId,
        channel: r.channel as DeliveryChannel,
        destination: r.destination,
        status: r.status as DeliveryStatus,
        attempts: attempts
          .filter((a) => a.deliveryId === r.id)
          .map((a) => ({ at: a.at.toISOString(), ok: a.ok, code: a.code, error: a.error, durationMs: a.durationMs })),
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
      }));
      return { items, nextCursor: rows.length > q.limit ? cursorOf(page.at(-1)!) : null };
    },
    /** A person sends a failed, interrupted or skipped delivery once more (they judged it did not arrive). */
    async retry(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deliveriesRepo.reopen(tx, id, actor.workspaceId, actor.cameraIds);
        if (row) return queueSend(tx, row.id);
        if (!(await deliveriesRepo.visible(tx, id, actor.workspaceId, actor.cameraIds)))
          throw new AppError('not-found');
        throw new AppError('failed-precondition', 'Only a failed, interrupted or skipped delivery can be sent again.');
      });
    },
  };
}
export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
