import type { Task, TaskDetail } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { countRows, errorOf, withPg } from '../../../test/helpers.ts';
import { signUp } from '../../../test/harness.ts';
import { joinWorkspace, notifyTaskJobs, useTasksWorld } from '../../../test/tasks-world.ts';

/**
 * Tasks through the API: managers create, list, filter, change and comment; the
 * assignee works their own task (status and comments only); a stranger, a viewer or a member who
 * cannot see the camera is refused with nothing written; another workspace's camera or event is
 * not found; overdue is computed from the due time and the status.
 */
describe('tasks', () => {
  const w = useTasksWorld();
  const create = (payload: object, token = w.owner.token) => w.send(token, 'POST', '/api/v1/tasks', payload);
  const list = async (query = '', token = w.owner.token) => {
    const res = await w.get(token, `/api/v1/tasks${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Task[]; nextCursor: string | null };
  };
  const jobs = (taskId: string) => notifyTaskJobs(w.t.databaseUrl, taskId);

  it('a manager creates a task for an operator member; it is listed, filtered and read with its comments', async () => {
    const due = new Date(Date.now() + 3600_000).toISOString();
    const res = await create({
      title: '  Check the back gate  ',
      description: 'Motion at night twice this week.',
      priority: 'high',
      dueAt: due,
      assigneeId: w.operator.uid,
      cameraId: w.camA,
    });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json() as TaskDetail;
    expect(task).toMatchObject({
      title: 'Check the back gate',
      priority: 'high',
      status: 'open',
      overdue: false,
      assignee: { id: w.operator.uid, displayName: 'Oscar Operator' },
      camera: { id: w.camA, name: 'A' },
      createdBy: { id: w.owner.uid, displayName: 'Olivia Owner' },
      comments: [],
      commentCount: 0,
    });
    expect(Date.parse(task.dueAt!)).toBe(Date.parse(due));
    // The assignee is told: one notify-task job, queued with the task.
    expect(await jobs(task.id)).toBe(1);

    // Giving oneself a task tells nobody.
    const own = (await create({ title: 'Unassigned chore' })).json().id;
    expect(await jobs(own)).toBe(0);
    const self = (await create({ title: 'Note to self', assigneeId: w.owner.uid })).json().id;
    expect(await jobs(self)).toBe(0);
    await create({ title: 'For Opal', assigneeId: w.operator2.uid, priority: 'low' });

    const mine = await list(`?assignee=${w.operator.uid}`);
    expect(mine.items.map((t) => t.title)).toEqual(['Check the back gate']);
    expect((await list('?assignee=none')).items.map((t) => t.title)).toEqual(['Unassigned chore']);
    expect((await list('?status=done')).items).toEqual([]);
    expect((await list('?status=open,in_progress')).items.length).toBeGreaterThanOrEqual(3);

    const comment = await w.send(w.owner.token, 'POST', `/api/v1/tasks/${task.id}/comments`, { body: 'Take a torch.' });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json()).toMatchObject({ body: 'Take a torch.', author: { id: w.owner.uid } });
    const read = (await w.get(w.owner.token, `/api/v1/tasks/${task.id}`)).json() as TaskDetail;
    expect(read.comments.map((c) => c.body)).toEqual(['Take a torch.']);
    expect(read.commentCount).toBe(1);
  });

  it('lists soonest due first, undated last, page by page', async () => {
    const base = Date.now() + 86_400_000;
    for (const [i, title] of ['Paging c', 'Paging a', 'Paging b'].entries())
      await create({
        title,
        dueAt: new Date(base + [3, 1, 2][i]! * 60_000).toISOString(),
        assigneeId: w.operator2.uid,
      });
    await create({ title: 'Paging undated', assigneeId: w.operator2.uid });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?assignee=${w.operator2.uid}&limit=2${cursor ? `&startAfter=${cursor}` : ''}`);
      seen.push(...page.items.map((t) => t.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((s) => s.startsWith('Paging'))).toEqual(['Paging a', 'Paging b', 'Paging c', 'Paging undated']);
    const bad = await w.get(w.owner.token, '/api/v1/tasks?startAfter=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({ startAfter: 'invalid cursor' });
  });

  it('a manager changes anything; done stamps completedAt and reopening clears it', async () => {
    const id = (await create({ title: 'Replace the lens cover', assigneeId: w.operator.uid })).json().id;
    const patched = await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${id}`, {
      title: 'Replace both lens covers',
      priority: 'urgent',
      cameraId: w.camB,
      status: 'done',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Replace both lens covers', priority: 'urgent', status: 'done' });
    expect(patched.json().completedAt).not.toBeNull();
    const reopened = await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${id}`, { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', completedAt: null });
    // Reassigning tells the new assignee (a second job); an unchanged assignee queues nothing more.
    expect(await jobs(id)).toBe(1);
    await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${id}`, { assigneeId: w.operator2.uid });
    expect(await jobs(id)).toBe(2);
    await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${id}`, { priority: 'low' });
    expect(await jobs(id)).toBe(2);
    // Deleting is a manager's: the operator is refused, the manager's goes, then it is gone.
    expect((await w.send(w.operator.token, 'DELETE', `/api/v1/tasks/${id}`)).statusCode).toBe(403);
    expect((await w.send(w.owner.token, 'DELETE', `/api/v1/tasks/${id}`)).statusCode).toBe(204);
    expect((await w.get(w.owner.token, `/api/v1/tasks/${id}`)).statusCode).toBe(404);
  });

  it('an operator works only their own tasks: status and comments, never details, canceling or creating', async () => {
    const own = (await create({ title: 'Walk the perimeter', assigneeId: w.operator.uid })).json().id;
    const theirs = (await create({ title: 'Not yours', assigneeId: w.operator2.uid })).json().id;

    const queue = await list('', w.operator.token);
    expect(queue.items.length).toBeGreaterThan(0);
    expect(queue.items.every((t) => t.assignee?.id === w.operator.uid)).toBe(true);
    expect((await list('?assignee=me', w.operator.token)).items.length).toBe(queue.items.length);
    const peek = await w.get(w.operator.token, `/api/v1/tasks?assignee=${w.operator2.uid}`);
    expect(peek.statusCode).toBe(403);

    const started = await w.send(w.operator.token, 'PATCH', `/api/v1/tasks/${own}`, { status: 'in_progress' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe('in_progress');
    const retitle = await w.send(w.operator.token, 'PATCH', `/api/v1/tasks/${own}`, { title: 'Easier task' });
    expect(retitle.statusCode).toBe(403);
    expect(errorOf(retitle).code).toBe('permission-denied');
    const cancel = await w.send(w.operator.token, 'PATCH', `/api/v1/tasks/${own}`, { status: 'canceled' });
    expect(cancel.statusCode).toBe(403);
    const note = await w.send(w.operator.token, 'POST', `/api/v1/tasks/${own}/comments`, { body: 'Gate is fine.' });
    expect(note.statusCode, note.body).toBe(201);
    const done = await w.send(w.operator.token, 'PATCH', `/api/v1/tasks/${own}`, { status: 'done' });
    expect(done.json()).toMatchObject({ status: 'done', title: 'Walk the perimeter' });

    // Someone else's task does not exist for them.
    for (const res of [
      await w.get(w.operator.token, `/api/v1/tasks/${theirs}`),
      await w.send(w.operator.token, 'PATCH', `/api/v1/tasks/${theirs}`, { status: 'done' }),
      await w.send(w.operator.token, 'POST', `/api/v1/tasks/${theirs}/comments`, { body: 'hi' }),
    ])
      expect(res.statusCode).toBe(404);
    const createRes = await create({ title: 'Self-made' }, w.operator.token);
    expect(createRes.statusCode).toBe(403);
    // Viewers have no tasks.
    expect((await w.get(w.viewer.token, '/api/v1/tasks')).statusCode).toBe(403);
  });

  it('a stranger, a viewer, a disabled account or a member who cannot see the camera is refused, nothing written', async () => {
    const gone = await signUp(w.t.app, { displayName: 'Dina Disabled' });
    await joinWorkspace(w.t.databaseUrl, w.workspaceId, { uid: gone.user.uid }, 'operator');
    await withPg(w.t.databaseUrl, (c) =>
      c.query('update users set disabled_at = now() where id = $1', [gone.user.uid]),
    );
    const before = await countRows(w.t.databaseUrl, ['tasks', 'graphile_worker._private_jobs']);
    const refusals = [
      [{ title: 'x', assigneeId: gone.user.uid }, 'account is disabled'],
      [{ title: 'x', assigneeId: w.stranger.uid }, 'is not a member of this workspace'],
      [{ title: 'x', assigneeId: '00000000-0000-4000-8000-000000000000' }, 'is not a member of this workspace'],
      [{ title: 'x', assigneeId: w.viewer.uid }, 'is a viewer'],
      [{ title: 'x', assigneeId: w.limited.uid, cameraId: w.camB }, 'the assignee cannot see this camera'],
    ] as const;
    for (const [payload, field] of refusals) {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
      expect(errorOf(res).fields).toEqual({ assigneeId: field });
    }
    const limitedMsg = errorOf(await create({ title: 'x', assigneeId: w.limited.uid, cameraId: w.camB })).message;
    expect(limitedMsg).toMatch(/Lena Limited can see only some cameras/);
    expect(await countRows(w.t.databaseUrl, ['tasks', 'graphile_worker._private_jobs'])).toEqual(before);

    // The limited operator can have a task on the camera they see; moving it to another camera is refused.
    const ok = await create({ title: 'On camera A', assigneeId: w.limited.uid, cameraId: w.camA });
    expect(ok.statusCode, ok.body).toBe(201);
    const move = await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${ok.json().id}`, { cameraId: w.camB });
    expect(move.statusCode).toBe(400);
    expect(errorOf(move).fields).toEqual({ cameraId: 'the assignee cannot see this camera' });
    const reassign = await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${ok.json().id}`, {
      assigneeId: w.stranger.uid,
    });
    expect(reassign.statusCode).toBe(400);
    const still = (await w.get(w.owner.token, `/api/v1/tasks/${ok.json().id}`)).json();
    expect(still).toMatchObject({ camera: { id: w.camA }, assignee: { id: w.limited.uid } });
  });

  it('another workspace’s camera or event is not found, and nothing is written', async () => {
    const foreignEvent = await withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query(
        `insert into events (camera_id, workspace_id, kind, severity, start_at)
         select id, workspace_id, 'motion', 'alert', now() from cameras where id = $1 returning id`,
        [w.foreignCam],
      );
      return r.rows[0].id as string;
    });
    const before = await countRows(w.t.databaseUrl, ['tasks']);
    for (const payload of [{ cameraId: w.foreignCam }, { eventId: foreignEvent }]) {
      const res = await create({ title: 'Foreign', ...payload });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('not-found');
    }
    expect(await countRows(w.t.databaseUrl, ['tasks'])).toEqual(before);
    const id = (await create({ title: 'Mine' })).json().id;
    expect((await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${id}`, { cameraId: w.foreignCam })).statusCode).toBe(
      404,
    );
    // And a stranger cannot see or touch this workspace's task.
    expect((await w.get(w.stranger.token, `/api/v1/tasks/${id}`)).statusCode).toBe(404);
    expect((await w.send(w.stranger.token, 'PATCH', `/api/v1/tasks/${id}`, { title: 'Mine now' })).statusCode).toBe(
      404,
    );
    const sneak = await w.send(w.stranger.token, 'POST', `/api/v1/tasks/${id}/comments`, { body: 'hello' });
    expect(sneak.statusCode).toBe(404);
    expect((await w.send(w.stranger.token, 'DELETE', `/api/v1/tasks/${id}`)).statusCode).toBe(404);
  });

  it('a task made from an event takes the event’s camera', async () => {
    const eventId = await withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query(
        `insert into events (camera_id, workspace_id, kind, severity, start_at)
         select id, workspace_id, 'motion', 'alert', now() from cameras where id = $1 returning id`,
        [w.camB],
      );
      return r.rows[0].id as string;
    });
    const res = await create({ title: 'Look at this motion', eventId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ eventId, camera: { id: w.camB } });
    const mismatch = await create({ title: 'x', eventId, cameraId: w.camA });
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch).fields).toEqual({ cameraId: 'is not the camera of the event' });
    expect((await list(`?eventId=${eventId}`)).items.map((t) => t.title)).toEqual(['Look at this motion']);
  });

  it('overdue: due time passed and not done or canceled', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const late = (await create({ title: 'Late one', dueAt: past, assigneeId: w.operator.uid })).json();
    expect(late.overdue).toBe(true);
    const closed = (await create({ title: 'Late but done', dueAt: past })).json();
    await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${closed.id}`, { status: 'done' });
    const overdue = (await list('?overdue=true')).items.map((t) => t.title);
    expect(overdue).toContain('Late one');
    expect(overdue).not.toContain('Late but done');
    expect((await list('?overdue=false')).items.map((t) => t.title)).toContain('Late but done');
    const canceled = await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${late.id}`, { status: 'canceled' });
    expect(canceled.json().overdue).toBe(false);
  });

  it('assignees: members who may work tasks, with their camera limits', async () => {
    const res = await w.get(w.owner.token, '/api/v1/tasks/assignees');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; role: string; cameraIds: string[] | null }[];
    const ids = items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([w.owner.uid, w.operator.uid, w.operator2.uid, w.limited.uid]));
    expect(ids).not.toContain(w.viewer.uid);
    expect(ids).not.toContain(w.stranger.uid);
    expect(items.find((i) => i.id === w.limited.uid)).toMatchObject({ role: 'operator', cameraIds: [w.camA] });
    expect(items.find((i) => i.id === w.owner.uid)).toMatchObject({ role: 'owner', cameraIds: null });
    // Operators read it to hand an alert to a teammate; viewers work no tasks.
    expect((await w.get(w.operator.token, '/api/v1/tasks/assignees')).statusCode).toBe(200);
    expect((await w.get(w.viewer.token, '/api/v1/tasks/assignees')).statusCode).toBe(403);
  });
});
