import { type DbOrTx, schema } from '@vigil/db';
import type { TaskPriority, TaskStatus } from '@vigil/shared';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotifiedTask } from '../../lib/delivery-channel.ts';

const { tasks, cameras, workspaces, users, memberships } = schema;
const assigner = alias(users, 'assigner');

/** A task as the assignment notice describes it. */
export async function loadNotifiedTask(db: DbOrTx, taskId: string): Promise<NotifiedTask | undefined> {
  const [row] = await db
    .select({
      task: tasks,
      cameraName: cameras.name,
      workspaceName: workspaces.name,
      assignedByName: assigner.displayName,
    })
    .from(tasks)
    .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
    .leftJoin(cameras, eq(cameras.id, tasks.cameraId))
    .leftJoin(assigner, eq(assigner.id, tasks.assignedBy))
    .where(eq(tasks.id, taskId));
  if (!row) return undefined;
  const t = row.task;
  return {
    id: t.id,
    workspaceId: t.workspaceId,
    workspaceName: row.workspaceName,
    title: t.title,
    description: t.description,
    priority: t.priority as TaskPriority,
    status: t.status as TaskStatus,
    dueAt: t.dueAt,
    assigneeId: t.assigneeId,
    assignmentSeq: t.assignmentSeq,
    cameraName: row.cameraName,
    assignedByName: row.assignedByName,
  };
}

/** Whether the person still belongs to the workspace (a member removed since hears nothing more of it). */
export async function isMember(db: DbOrTx, workspaceId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return Boolean(row);
}
