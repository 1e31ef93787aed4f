import type { Db } from '@vigil/db';
import type { DeliveryRow, NewDelivery } from './deliveries.repo.ts';
import { deliveriesRepo } from './deliveries.repo.ts';
import { queueSend } from './fanout.service.ts';
import { mailRecipientsRepo } from './mail-recipients.repo.ts';
import { maskEmail, maskEndpoint } from './masks.ts';
import { isMember, loadNotifiedTask } from './notified-task.repo.ts';
import type { NotifiedTask } from '../../lib/delivery-channel.ts';
import { recipientsRepo } from './recipients.repo.ts';

/** Every task delivery's dedupe key starts with this, then the task, the assignment and the destination. */
const TASK_KEY = /^task:([0-9a-f-]{36}):(\d+):/;

export const isTaskDelivery = (row: Pick<DeliveryRow, 'dedupeKey'>) => TASK_KEY.test(row.dedupeKey);

/** The task in its assignee's queue. */
export const taskLink = (publicUrl: string, taskId: string) =>
  `${publicUrl}/operator/tasks?id=${encodeURIComponent(taskId)}`;

export const TASK_GONE = 'The task was deleted before this could be sent.';
export const TASK_REASSIGNED = 'The task was given to someone else before this could be sent.';
export const TASK_CLOSED = 'The task was done or canceled before this could be sent.';

/**
 * The `notify-task` job (queued by the task's write when it gives the task to someone): the
 * assignee's deliveries, one per destination — email and each active push device, as their
 * preferences say at this moment — and one `notify-send` job per new row, in one transaction.
 * The dedupe key names the task and the assignment, so the job run twice adds nothing, and the
 * send path (send.service.ts, the same as an event's) sends each row at most once. The daily
 * digest is for alerts: an assignment is addressed to one person and goes at once.
 */
export async function fanOutTask(db: Db, taskId: string, seq: number): Promise<number> {
  return db.transaction(async (tx) => {
    const task = await loadNotifiedTask(tx, taskId);
    // Deleted, unassigned, or given again since (the newer assignment has its own job).
    if (!task?.assigneeId || task.assignmentSeq !== seq) return 0;
    const uid = task.assigneeId;
    if (!(await isMember(tx, task.workspaceId, uid))) return 0;
    const person = await mailRecipientsRepo.byId(tx, uid);
    if (!person || person.disabled) return 0;
    const prefs = person.preferences.notifications;
    const base = { workspaceId: task.workspaceId, eventId: null, taskId, userId: uid };
    const key = `task:${taskId}:${seq}`;
    const rows: NewDelivery[] = [];
    if (prefs.email)
      rows.push({
        ...base,
        channel: 'email',
        target: uid,
        destination: maskEmail(person.email),
        dedupeKey: `${key}:email:${uid}`,
      });
    if (prefs.push)
      for (const t of await recipientsRepo.activeTokens(tx, [uid]))
        rows.push({
          ...base,
          channel: 'push',
          target: t.token,
          destination: maskEndpoint(t.token),
          dedupeKey: `${key}:push:${t.token}`,
        });
    const created = await deliveriesRepo.insertNew(tx, rows);
    for (const d of created) await queueSend(tx, d.id);
    return created.length;
  });
}

/** Why a task delivery should no longer go (the task changed hands, closed or went), or null to send it. */
export function staleTaskDelivery(row: Pick<DeliveryRow, 'dedupeKey' | 'userId'>, task: NotifiedTask | undefined) {
  if (!task) return TASK_GONE;
  const seq = Number(TASK_KEY.exec(row.dedupeKey)?.[2]);
  if (task.assigneeId !== row.userId || task.assignmentSeq !== seq) return TASK_REASSIGNED;
  if (task.status === 'done' || task.status === 'canceled') return TASK_CLOSED;
  return null;
}
