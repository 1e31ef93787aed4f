import { createDb, type Db } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { waitForMail, withPg } from '../../../test/helpers.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { type ReceivedMail, mailsOf, startSmtpSink, waitForMailsOf } from '../../../test/smtp-sink.ts';
import { enqueue, type JobWorker } from '../jobs/jobs.module.ts';
import { INTERRUPTED, createMailSender } from './mail-send.service.ts';
import { createMailService } from './mail.service.ts';
import { mailRepo } from './mail.repo.ts';

const FROM = 'Vigil <vigil@example.com>';
const RESET_LINK = /http:\/\/127\.0\.0\.1:3000\/auth\/reset\?token=([\w-]+)/;

async function outboxRow(db: Db, id: string) {
  const row = await mailRepo.byId(db, id);
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Polls the outbox row until `ready` (the queue's backoff after a refusal is about 3 s). */
async function waitForRow(db: Db, id: string, ready: (r: Awaited<ReturnType<typeof outboxRow>>) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const row = await outboxRow(db, id);
    if (ready(row)) return row;
    if (Date.now() > deadline) throw new Error(`outbox row ${id} stayed ${row.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function mailSendJobs(db: Db, outboxId: string) {
  const { rows } = await db.execute<{ attempts: number; max_attempts: number; last_error: string | null }>(
    sql`select j.attempts, j.max_attempts, j.last_error from graphile_worker._private_jobs j
        join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = 'mail-send' and j.payload->>'outboxId' = ${outboxId}`,
  );
  return rows;
}

/** The outbox row turns `sent` inside the task; the queue deletes the job just after it returns. */
async function waitForNoMailSendJobs(db: Db, outboxId: string) {
  const deadline = Date.now() + 5000;
  let jobs = await mailSendJobs(db, outboxId);
  while (jobs.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    jobs = await mailSendJobs(db, outboxId);
  }
  return jobs;
}

describe('mail through the job queue over SMTP', () => {
  let t: TestApp;
  let admin: AuthResult;
  let db: Db;
  let end: () => Promise<void>;
  let worker: JobWorker;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    // The first connection is turned away (a server restarting): the first mail needs a retry.
    sink = await startSmtpSink({
      refuseConnections: 1,
      rcptReply: (to) => (to.startsWith('gone-') ? '550 5.1.1 No such user' : undefined),
    });
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: FROM });
    admin = await signUp(t.app);
    const c = createDb(t.databaseUrl, 3);
    db = c.db;
    end = () => c.pool.end();
    const sender = createMailSender({ db, smtpUrl: sink.url, from: FROM });
    worker = await startTestWorker({
      databaseUrl: t.databaseUrl,
      db,
      tasks: { 'mail-send': (p, job) => sender.send(p.outboxId, job) },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await end?.();
    await t?.close();
    await sink?.close();
  });

  it('a reset mail the SMTP server turns away at first arrives after a retry, exactly once, its token kept nowhere', async () => {
    const account = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: account.user.email },
    });
    expect(res.statusCode).toBe(202);
    // The mail is written after the answer (a known email answers as fast as an unknown one).
    const written = await waitForMail(t.databaseUrl, account.user.email);
    const sent = await waitForRow(db, written.id, (r) => r.status === 'sent');
    expect(sink.connections()).toBeGreaterThanOrEqual(2);
    expect(await waitForNoMailSendJobs(db, written.id)).toEqual([]);
    const [mail] = mailsOf(sink, account.user.email) as [ReceivedMail];
    expect(mailsOf(sink, account.user.email)).toHaveLength(1);
    expect(mail.from).toBe('vigil@example.com');
    expect(mail.data).toContain('Subject: Reset your Vigil password');
    const token = RESET_LINK.exec(mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(token).toBeTruthy();

    // Sent: the stored copy and the administrator's outbox keep the link, not its token.
    expect(sent.sentAt).not.toBeNull();
    expect(sent.text).toContain('/auth/reset?token=•••• (hidden)');
    expect(sent.text).not.toContain(token);
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox',
      query: { where: JSON.stringify([{ field: 'to', op: '==', value: account.user.email }]) },
      headers: bearer(admin.token),
    });
    expect(outbox.json().items).toMatchObject([{ status: 'sent', transport: 'smtp', lastError: null }]);
    expect(outbox.json().items[0].text).toContain('?token=•••• (hidden)');

    // The link in the mailbox works.
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'a brand new passphrase 42' },
    });
    expect(confirm.statusCode, confirm.body).toBeLessThan(300);
  });

  it('a mail found "sending" after a crash is not resent: interrupted, in the failed jobs at once; retried there, it goes once', async () => {
    const to = `crash-${Date.now()}@example.com`;
    const row = await mailRepo.insert(db, { to, subject: 'Half sent', text: 'Hello', transport: 'smtp' });
    // What a worker killed mid-send leaves: the row claimed, the job unlocked for another try.
    await db.update(mailRepo.table).set({ status: 'sending' }).where(sql`id = ${row.id}`);
    await enqueue(db, 'mail-send', { outboxId: row.id });
    const interrupted = await waitForRow(db, row.id, (r) => r.status === 'interrupted');
    expect(interrupted.lastError).toBe(INTERRUPTED);
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/jobs/failed',
      headers: bearer(admin.token),
    });
    const dead = (failed.json().items as { id: string; task: string; payload: string; lastError: string }[]).find(
      (j) => j.task === 'mail-send' && j.payload.includes(row.id),
    );
    expect(dead?.lastError).toContain('whether the mail arrived is unknown');
    expect(mailsOf(sink, to)).toEqual([]);

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/jobs/failed/${dead!.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(retry.statusCode).toBeLessThan(300);
    await waitForMailsOf(sink, to, 1);
    expect((await waitForRow(db, row.id, (r) => r.status === 'sent')).lastError).toBeNull();
    expect(await waitForNoMailSendJobs(db, row.id)).toEqual([]);
    expect(mailsOf(sink, to)).toHaveLength(1);
  });

  it('a 5xx refusal is final: the mail fails after one attempt and its job is in the failed jobs', async () => {
    const mail = createMailService({ db, smtpUrl: sink.url, from: FROM });
    const { outboxId } = await db.transaction((tx) =>
      mail.queue(tx, { to: `gone-${Date.now()}@example.com`, subject: 'Invoice', text: 'Your invoice' }),
    );
    const row = await waitForRow(db, outboxId, (r) => r.status === 'failed');
    expect(row.lastError).toMatch(/550/);
    const deadline = Date.now() + 5000;
    let jobs = await mailSendJobs(db, outboxId);
    while (!jobs[0]?.last_error && Date.now() < deadline) jobs = await mailSendJobs(db, outboxId);
    expect(jobs).toMatchObject([{ attempts: 1, max_attempts: 1 }]);
    expect(jobs[0]!.last_error).toMatch(/550/);
  });

  it('retention hides old links’ tokens and deletes old mail, keeping mail that still waits for SMTP', async () => {
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const link = 'Open http://127.0.0.1:3000/invite?token=abcDEF123_-x to join.';
    const insert = async (status: string, createdAt: Date, text = link) => {
      const row = await mailRepo.insert(db, {
        to: `keep-${Date.now()}@example.com`,
        subject: 's',
        text,
        transport: 'smtp',
      });
      await db.update(mailRepo.table).set({ status, createdAt }).where(sql`id = ${row.id}`);
      return row.id;
    };
    const fresh = await insert('queued', daysAgo(1));
    const weekOld = await insert('queued', daysAgo(8));
    const monthOldSent = await insert('sent', daysAgo(31), 'No link here.');
    const monthOldWaiting = await insert('queued', daysAgo(31));
    const sender = createMailSender({ db, smtpUrl: sink.url, from: FROM });
    await sender.purge();
    expect((await outboxRow(db, fresh)).text).toBe(link);
    expect((await outboxRow(db, weekOld)).text).toBe('Open http://127.0.0.1:3000/invite?token=•••• (hidden) to join.');
    expect(await mailRepo.byId(db, monthOldSent)).toBeUndefined();
    expect((await outboxRow(db, monthOldWaiting)).text).toContain('token=•••• (hidden)');
  });
});

describe('mail without a reachable SMTP server', () => {
  it('a reset still answers 202; the mail waits in the outbox with its mail-send job', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const account = await signUp(broken.app);
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email: account.user.email },
      });
      expect(res.statusCode).toBe(202);
      const written = await waitForMail(broken.databaseUrl, account.user.email);
      await withPg(broken.databaseUrl, async (c) => {
        const { rows } = await c.query('select status, sent_at from mail_outbox where id = $1', [written.id]);
        expect(rows).toEqual([{ status: 'queued', sent_at: null }]);
        const jobs = await c.query(
          `select j.max_attempts from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
           where k.identifier = 'mail-send' and j.payload->>'outboxId' = $1`,
          [written.id],
        );
        expect(jobs.rows).toEqual([{ max_attempts: 10 }]);
      });
    } finally {
      await broken.close();
    }
  });
});
