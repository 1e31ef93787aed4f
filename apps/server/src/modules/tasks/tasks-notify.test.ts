import { createDb, type Db } from '@vigil/db';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPg, connectPg } from '../../../test/helpers.ts';
import { startTestWorker, waitForJobsToRun } from '../../../test/job-helpers.ts';
import { parseMail } from '../../../test/mime.ts';
import { startSmtpSink, mailsOf, waitForMailsOf } from '../../../test/smtp-sink.ts';
import { useTasksWorld } from '../../../test/tasks-world.ts';
import { openStorage } from '../../lib/open-storage.ts';
import { CHANNEL, type RealtimeEvent } from '../../lib/realtime.ts';
import type { Storage } from '../../lib/storage.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { JobWorker } from '../jobs/job-worker.service.ts';
import { enqueue } from '../jobs/jobs.service.ts';
import { createMailService } from '../mail/mail.service.ts';
import { pushPayload } from '../notifications/channels/push.channel.ts';
import { createSender } from '../notifications/send.service.ts';
import { TASK_CLOSED, TASK_GONE, TASK_REASSIGNED, fanOutTask } from '../notifications/task-fanout.service.ts';
import { mayReceive } from '../realtime/realtime.routes.ts';
import { testNotifier } from '../../../test/notifier.ts';

/**
 * Telling the assignee : the `notify-task` job writes one delivery
 * per destination and `notify-send` sends it through the SMTP conversation — once, even when the
 * job runs twice; nothing for a person who turned email off. And every write is published on
 * `tasks`, heard by the workspace's managers and the assignees concerned only.
 */
describe('tasks: the assignee is told, and lists hear every change', () => {
  const w = useTasksWorld();
  let db: Db;
  let end: () => Promise<void>;
  let worker: JobWorker;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let storage: Storage;
  let listener: pg.Client;
  const heard: RealtimeEvent[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    const c = createDb(w.t.databaseUrl, 3);
    db = c.db;
    end = () => c.pool.end();
    storage = await openStorage(w.t.config, () => {});
    const notifier = testNotifier(w.t.config, {
      db,
      mail: createMailService({ db, smtpUrl: sink.url, from: 'Vigil <vigil@example.com>' }),
      storage,
    });
    worker = await startTestWorker({ databaseUrl: w.t.databaseUrl, db, tasks: notifier.tasks });
    listener = await connectPg(w.t.databaseUrl);
    listener.on('notification', (m) => m.payload && heard.push(JSON.parse(m.payload)));
    await listener.query(`LISTEN ${CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
    await worker?.stop();
    await storage?.close();
    await end?.();
    await sink?.close();
  });

  const mailsTo = (to: string) => mailsOf(sink, to);
  const waitForMails = (to: string, n: number) => waitForMailsOf(sink, to, n);
  const deliveriesOf = (taskId: string) =>
    withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query(
        `select d.channel, d.status, d.user_id, (select count(*)::int from delivery_attempts a where a.delivery_id = d.id) as attempts
         from deliveries d where d.task_id = $1 order by d.created_at`,
        [taskId],
      );
      return r.rows as { channel: string; status: string; user_id: string; attempts: number }[];
    });
  const create = (payload: object) => w.send(w.owner.token, 'POST', '/api/v1/tasks', payload);

  it('the assignee gets one email, even when the notify-task job runs twice', async () => {
    const res = await create({
      title: 'Check the loading dock',
      description: 'The shutter was left open.',
      priority: 'urgent',
      dueAt: '2030-05-01T16:30:00Z',
      assigneeId: w.operator.uid,
      cameraId: w.camA,
    });
    expect(res.statusCode, res.body).toBe(201);
    const taskId = res.json().id as string;
    const [raw] = await waitForMails(w.operator.email, 1);
    const m = parseMail(raw!.data);
    expect(m.subject).toBe('New task: Check the loading dock');
    expect(m.text).toContain('Olivia Owner assigned you a task in');
    expect(m.text).toContain('Priority: Urgent');
    expect(m.text).toContain('Camera: A');
    expect(m.text).toContain('The shutter was left open.');
    expect(m.text).toMatch(/Due: .*2030.*18:30:00 CEST/); // the operator's Europe/Paris
    expect(m.text).toContain(`${w.t.config.publicUrl}/operator/tasks?id=${taskId}`);

    // The job again, directly and through the queue: its deliveries exist, nothing more is sent.
    expect(await fanOutTask(db, taskId, 1)).toBe(0);
    await enqueue(db, 'notify-task', { taskId, seq: 1 });
    // Once the queue has run it, any delivery it made is in the table below (a send needs one).
    await waitForJobsToRun(db, 'notify-task', { taskId });
    expect(mailsTo(w.operator.email)).toHaveLength(1);
    expect(await deliveriesOf(taskId)).toEqual([
      { channel: 'email', status: 'sent', user_id: w.operator.uid, attempts: 1 },
    ]);
    // A stale assignment number (the task was given again since) writes nothing either.
    expect(await fanOutTask(db, taskId, 7)).toBe(0);
  });

  it('a reassignment tells the new assignee; email off means no email; assigning oneself tells nobody', async () => {
    const off = await w.send(w.operator2.token, 'PATCH', '/api/v1/me', {
      preferences: { notifications: { email: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const taskId = (await create({ title: 'Swap the SD card', assigneeId: w.operator2.uid })).json().id as string;
    const mine = (await create({ title: 'My own reminder', assigneeId: w.owner.uid })).json().id as string;
    await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${taskId}`, { assigneeId: w.limited.uid });
    const [raw] = await waitForMails(w.limited.email, 1);
    expect(parseMail(raw!.data).subject).toBe('New task: Swap the SD card');
    expect(mailsTo(w.operator2.email)).toHaveLength(0);
    expect(mailsTo(w.owner.email)).toHaveLength(0);
    expect((await deliveriesOf(taskId)).map((d) => d.user_id)).toEqual([w.limited.uid]);
    expect(await deliveriesOf(mine)).toEqual([]);
  });

  it('a notice whose task changed hands, closed or went before its send is skipped, never sent', async () => {
    const sender = createSender({
      db,
      channels: {},
      publicUrl: w.t.config.publicUrl,
      authSecret: w.t.config.authSecret,
    });
    const pending = async (taskId: string, seq: number, uid: string) =>
      withPg(w.t.databaseUrl, async (c) => {
        const r = await c.query(
          `insert into deliveries (workspace_id, task_id, user_id, channel, target, destination, dedupe_key)
           values ($1, $2, $3::uuid, 'email', $3::text, 'o•••@example.com', $4) returning id`,
          [w.workspaceId, taskId, uid, `task:${taskId}:${seq}:email:${uid}:test`],
        );
        return r.rows[0].id as string;
      });
    const statusOf = (id: string) =>
      withPg(
        w.t.databaseUrl,
        async (c) => (await c.query('select status, last_error from deliveries where id = $1', [id])).rows[0],
      );
    // Assigned to the owner (who is not told), so only these hand-made rows exist.
    const a = (await create({ title: 'Stale A', assigneeId: w.owner.uid })).json().id as string;
    const b = (await create({ title: 'Stale B', assigneeId: w.owner.uid })).json().id as string;
    const c = (await create({ title: 'Stale C', assigneeId: w.owner.uid })).json().id as string;
    const reassigned = await pending(a, 0, w.operator.uid);
    const closed = await pending(b, 1, w.owner.uid);
    await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${b}`, { status: 'done' });
    const gone = await pending(c, 1, w.owner.uid);
    await w.send(w.owner.token, 'DELETE', `/api/v1/tasks/${c}`);
    for (const id of [reassigned, closed, gone]) await sender.run(id);
    expect(await statusOf(reassigned)).toEqual({ status: 'skipped', last_error: TASK_REASSIGNED });
    expect(await statusOf(closed)).toEqual({ status: 'skipped', last_error: TASK_CLOSED });
    expect(await statusOf(gone)).toEqual({ status: 'skipped', last_error: TASK_GONE });
  });

  it('the push notice names the task, its priority and due time in the person’s language and zone', () => {
    const payload = pushPayload(
      {
        delivery: { id: 'd', workspaceId: 'w', channel: 'push', target: 't', userId: 'u', attempt: 1 },
        event: null,
        task: {
          id: 'task-1',
          workspaceId: 'w',
          workspaceName: 'Depot',
          title: 'Check the dock',
          description: '',
          priority: 'high',
          status: 'open',
          dueAt: new Date('2030-05-01T16:30:00Z'),
          assigneeId: 'u',
          assignmentSeq: 1,
          cameraName: null,
          assignedByName: 'Olivia',
        },
        link: 'http://x/operator/tasks?id=task-1',
        imageUrl: null,
      },
      { language: 'fr', timezone: 'Europe/Paris' },
    );
    expect(payload).toMatchObject({ title: 'Nouvelle tâche · Check the dock', tag: 'task-task-1', eventId: null });
    expect(payload.body).toMatch(/^Haute · Échéance: 1 mai 2030.*18:30 · Depot$/);
  });

  it('every write is published on `tasks`; managers and the assignees concerned hear it, nobody else', async () => {
    heard.length = 0;
    const taskId = (await create({ title: 'Realtime', assigneeId: w.operator.uid })).json().id as string;
    await w.send(w.operator.token, 'PATCH', `/api/v1/tasks/${taskId}`, { status: 'in_progress' });
    await w.send(w.operator.token, 'POST', `/api/v1/tasks/${taskId}/comments`, { body: 'On it' });
    await w.send(w.owner.token, 'PATCH', `/api/v1/tasks/${taskId}`, { assigneeId: w.operator2.uid });
    const deadline = Date.now() + 5000;
    while (heard.filter((e) => e.topic === 'tasks').length < 5 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const events = heard.filter((e) => e.topic === 'tasks' && e.id === taskId);
    expect(events.map((e) => e.uid)).toEqual([
      w.operator.uid, // created
      w.operator.uid, // status
      w.operator.uid, // comment
      w.operator2.uid, // reassigned: the new assignee…
      w.operator.uid, // …and the one who lost it
    ]);
    expect(events.every((e) => e.workspaceId === w.workspaceId)).toBe(true);

    const session = (id: string, role: string, workspaceId = w.workspaceId) =>
      ({ user: { id, role, workspaceId } }) as unknown as SessionUser;
    const topics = new Set(['tasks']);
    const e = events[0]!;
    expect(mayReceive(session(w.owner.uid, 'user'), topics, e)).toBe(true);
    expect(mayReceive(session(w.operator.uid, 'operator'), topics, e)).toBe(true);
    expect(mayReceive(session(w.operator2.uid, 'operator'), topics, e)).toBe(false);
    expect(mayReceive(session(w.viewer.uid, 'viewer'), topics, e)).toBe(false);
    expect(mayReceive(session(w.stranger.uid, 'user', 'another-workspace'), topics, e)).toBe(false);
    expect(mayReceive(session(w.owner.uid, 'user'), new Set(['events']), e)).toBe(false);
  });
});
