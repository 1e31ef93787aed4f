import type { TaskDetail } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { countRows, withPg } from '../../../test/helpers.ts';
import { notifyTaskJobs, useTasksWorld } from '../../../test/tasks-world.ts';

/**
 * An alert handed to someone from the operator's queue: the first assignment makes the event's
 * task, the next ones move it (one task per alert, the new assignee told once); a viewer, a member
 * who cannot see the camera, or another workspace's event changes nothing.
 */
describe('tasks: an alert given to someone', () => {
  const w = useTasksWorld();
  const assign = (token: string, payload: object) => w.send(token, 'POST', '/api/v1/tasks/event-assignment', payload);
  const eventOn = (cameraId: string) =>
    withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query(
        `insert into events (camera_id, workspace_id, kind, severity, start_at)
         select id, workspace_id, 'motion', 'alert', now() from cameras where id = $1 returning id`,
        [cameraId],
      );
      return r.rows[0].id as string;
    });
  const notifyJobs = (taskId: string) => notifyTaskJobs(w.t.databaseUrl, taskId);

  it('an operator takes an alert, then hands it to a teammate: one task that changes hands', async () => {
    const eventId = await eventOn(w.camA);
    const mine = await assign(w.operator.token, { eventId, assigneeId: w.operator.uid });
    expect(mine.statusCode, mine.body).toBe(200);
    const task = mine.json() as TaskDetail;
    expect(task).toMatchObject({
      eventId,
      status: 'open',
      title: 'Alert: motion',
      camera: { id: w.camA },
      assignee: { id: w.operator.uid },
      createdBy: { id: w.operator.uid },
    });
    // Taking it oneself tells nobody; taking it again changes nothing.
    expect(await notifyJobs(task.id)).toBe(0);
    const again = await assign(w.operator.token, { eventId, assigneeId: w.operator.uid });
    expect(again.json().id).toBe(task.id);

    const handed = await assign(w.operator.token, { eventId, assigneeId: w.operator2.uid });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ id: task.id, assignee: { id: w.operator2.uid } });
    expect(await notifyJobs(task.id)).toBe(1);
    const open = await w.get(w.owner.token, `/api/v1/tasks?eventId=${eventId}`);
    expect(open.json().items).toHaveLength(1);

    // Once done, the alert taken again is a new piece of work.
    await w.send(w.operator2.token, 'PATCH', `/api/v1/tasks/${task.id}`, { status: 'done' });
    const fresh = await assign(w.owner.token, { eventId, assigneeId: w.operator.uid, title: 'Mouvement — A' });
    expect(fresh.json()).toMatchObject({ title: 'Mouvement — A', assignee: { id: w.operator.uid } });
    expect(fresh.json().id).not.toBe(task.id);
  });

  it('refused or hidden, with nothing written: a viewer, an unseen camera, a viewer as assignee, another workspace', async () => {
    const onB = await eventOn(w.camB);
    const foreign = await eventOn(w.foreignCam);
    const before = await countRows(w.t.databaseUrl, ['tasks']);
    expect((await assign(w.viewer.token, { eventId: onB, assigneeId: w.viewer.uid })).statusCode).toBe(403);
    // The limited operator sees camera A only: B's event is as unknown to them as another workspace's.
    expect((await assign(w.limited.token, { eventId: onB, assigneeId: w.limited.uid })).statusCode).toBe(404);
    expect((await assign(w.operator.token, { eventId: foreign, assigneeId: w.operator.uid })).statusCode).toBe(404);
    const toViewer = await assign(w.operator.token, { eventId: onB, assigneeId: w.viewer.uid });
    expect(toViewer.statusCode).toBe(400);
    // Nor can B's alert go to a teammate who cannot see B.
    expect((await assign(w.operator.token, { eventId: onB, assigneeId: w.limited.uid })).statusCode).toBe(400);
    expect((await assign(w.operator.token, { eventId: 'nope', assigneeId: w.operator.uid })).statusCode).toBe(400);
    expect(await countRows(w.t.databaseUrl, ['tasks'])).toEqual(before);
  });
});
