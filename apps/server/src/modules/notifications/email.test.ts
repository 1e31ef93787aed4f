import { createDb, type Db } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEventsWorld } from '../../../test/events-world.ts';
import { signUp } from '../../../test/harness.ts';
import { errorOf, tinyPng, withPg } from '../../../test/helpers.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { parseMail } from '../../../test/mime.ts';
import { startSmtpSink, mailsOf, waitForMailsOf } from '../../../test/smtp-sink.ts';
import { openStorage } from '../../lib/open-storage.ts';
import type { Storage } from '../../lib/storage.ts';
import { insertEvent } from '../events/events.module.ts';
import type { JobWorker } from '../jobs/job-worker.service.ts';
import { createMailService, MailDeliveryError, type MailService } from '../mail/mail.service.ts';
import { createEmailChannel } from './channels/email.channel.ts';
import { loadNotifiedEvent } from './notified-event.repo.ts';
import { unsubscribeApiUrl, unsubscribeToken } from './unsubscribe-token.ts';
import { testNotifier } from '../../../test/notifier.ts';

/**
 * Email notifications through a real SMTP conversation with a local server: both bodies, the
 * picture inline, the unsubscribe headers; unsubscribing without a session (GET changes nothing,
 * the page's POST and RFC 8058 one-click do); SMTP answers mapped to retry or not.
 */
describe('email notifications and unsubscribing', () => {
  const w = useEventsWorld();
  let db: Db;
  let end: () => Promise<void>;
  let worker: JobWorker;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let storage: Storage;
  let mail: MailService;
  let ownerEmail: string;
  let workspaceId: string;

  beforeAll(async () => {
    sink = await startSmtpSink({
      rcptReply: (to) =>
        to.startsWith('gone-') ? '550 5.1.1 No such user' : to.startsWith('later-') ? '451 4.3.0 Try later' : undefined,
    });
    const c = createDb(w.t.databaseUrl, 3);
    db = c.db;
    end = () => c.pool.end();
    storage = await openStorage(w.t.config, () => {});
    mail = createMailService({ db, smtpUrl: sink.url, from: 'Vigil <vigil@example.com>' });
    const notifier = testNotifier(w.t.config, {
      db,
      mail,
      storage,
      retryDelaysMs: [100, 100],
      pictureWaitMs: 60_000,
    });
    worker = await startTestWorker({ databaseUrl: w.t.databaseUrl, db, tasks: notifier.tasks });
    const me = (await w.get(w.owner.token, '/api/v1/me')).json();
    ownerEmail = me.user.email;
    workspaceId = me.workspace.id;
  });
  afterAll(async () => {
    await worker?.stop();
    await storage?.close();
    await end?.();
    await sink?.close();
  });

  const _mailsTo = (to: string) => mailsOf(sink, to);
  const waitForMails = (to: string, n: number) => waitForMailsOf(sink, to, n);
  const prefs = async (token: string) => (await w.get(token, '/api/v1/me')).json().user.preferences.notifications;
  const setPrefs = (token: string, preferences: object) => w.send(token, 'PATCH', '/api/v1/me', { preferences });

  it('an alert arrives with a plain and an HTML body, the picture inline by cid, and one-click unsubscribe headers', async () => {
    const startAt = new Date();
    const eventId = (await insertEvent(db, {
      cameraId: w.camA,
      workspaceId,
      kind: 'motion',
      startAt,
      zones: ['Driveway'],
    }))!;
    // The picture comes after the event (the thumbnail job); the mail waits for it.
    const key = `workspaces/${workspaceId}/events/${eventId}.png`;
    await storage.put(key, tinyPng(), 'image/png');
    await withPg(w.t.databaseUrl, (c) => c.query('update events set thumbnail_key = $2 where id = $1', [eventId, key]));

    const [raw] = await waitForMails(ownerEmail, 1);
    const m = parseMail(raw!.data);
    expect(raw!.from).toBe('vigil@example.com');
    expect(m.subject).toBe('Motion — A');
    const link = `${w.t.config.publicUrl}/viewer/events?id=${eventId}`;
    expect(m.text).toContain(`View the event: ${link}`);
    expect(m.text).toContain('Camera: A');
    expect(m.text).toContain('Zones: Driveway');
    expect(m.text).toMatch(/When: .*\d{2}:\d{2}:\d{2} (CET|CEST)/); // the owner's Europe/Paris
    expect(m.html).toContain(`href="${link.replace('&', '&#38;')}"`);
    const [picture] = m.attachments;
    expect(m.attachments).toHaveLength(1);
    expect(picture!.contentType).toBe('image/png');
    expect(picture!.content.equals(tinyPng())).toBe(true);
    expect(m.html).toContain(`src="cid:${picture!.cid}"`);

    const oneClick = unsubscribeApiUrl(w.t.config.publicUrl, w.t.config.authSecret, w.owner.uid);
    expect(m.headers['list-unsubscribe']).toBe(`<${oneClick}>`);
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(m.text).toContain(`${w.t.config.publicUrl}/unsubscribe?u=${w.owner.uid}&t=`);

    // The attempt is recorded once the SMTP server has answered, which is after it has the mail.
    const attempts = () =>
      withPg(
        w.t.databaseUrl,
        async (c) =>
          (
            await c.query(
              `select d.status, d.id, a.code from deliveries d join delivery_attempts a on a.delivery_id = d.id
               where d.event_id = $1 and d.channel = 'email'`,
              [eventId],
            )
          ).rows,
      );
    await expect.poll(attempts, { timeout: 10_000 }).toMatchObject([{ status: 'sent', code: 250 }]);
    const row = await attempts();
    expect(m.headers['message-id']).toBe(`<delivery-${row[0].id}@127.0.0.1>`);
    const outbox = await withPg(
      w.t.databaseUrl,
      async (c) =>
        (await c.query('select html, sent_at from mail_outbox where "to" = $1 and html is not null', [ownerEmail]))
          .rows,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0].sent_at).not.toBeNull();
    expect(outbox[0].html).toContain('cid:');
  });

  it('speaks the person’s language in their time zone, and goes without a picture when there is none', async () => {
    await setPrefs(w.owner.token, { language: 'fr', timezone: 'America/New_York' });
    try {
      const eventId = (await insertEvent(db, {
        cameraId: w.camB,
        workspaceId,
        kind: 'camera.offline',
        startAt: new Date(),
      }))!;
      const mails = await waitForMails(ownerEmail, 2);
      const m = parseMail(mails[1]!.data);
      expect(m.subject).toBe('Caméra hors ligne — B');
      expect(m.text).toContain(`Voir l’événement: ${w.t.config.publicUrl}/viewer/events?id=${eventId}`);
      expect(m.text).toMatch(/Quand: .*\d{2}:\d{2}:\d{2} UTC−[45]/);
      expect(m.text).toContain('Se désabonner de ces e-mails');
      expect(m.attachments).toEqual([]);
      expect(m.html).not.toContain('cid:');
    } finally {
      await setPrefs(w.owner.token, { language: 'en', timezone: 'Europe/Paris' });
    }
  });

  it('a 5xx rejection is final, a 4xx or an unreachable server is worth another try', async () => {
    const [eventId] = await w.insertEvents(w.camA, 1);
    const event = (await loadNotifiedEvent(db, eventId!))!;
    const channel = createEmailChannel({
      db,
      mail,
      storage,
      publicUrl: w.t.config.publicUrl,
      authSecret: w.t.config.authSecret,
    });
    const send = async (email: string) => {
      const person = await signUp(w.t.app, { email });
      return channel.send({
        delivery: {
          id: crypto.randomUUID(),
          workspaceId,
          channel: 'email',
          target: person.user.uid,
          userId: null,
          attempt: 1,
        },
        event,
        link: 'http://127.0.0.1:3000/viewer/events',
        imageUrl: null,
      });
    };
    const gone = `gone-${Date.now()}@example.com`;
    expect(await send(gone)).toMatchObject({ ok: false, retry: false, code: 550 });
    // The outbox's copy says so (the delivery log decides about another try).
    const copy = await withPg(
      w.t.databaseUrl,
      async (c) => (await c.query('select status, last_error from mail_outbox where "to" = $1', [gone])).rows,
    );
    expect(copy).toMatchObject([{ status: 'failed' }]);
    expect(copy[0].last_error).toContain('550');
    const later = await send(`later-${Date.now()}@example.com`);
    expect(later).toMatchObject({ ok: false, retry: true, code: 451 });
    expect(!later.ok && later.error).toContain('451');

    const down = createMailService({ db, smtpUrl: 'smtp://127.0.0.1:9', from: 'v@example.com' });
    const err = await down
      .deliver({ to: 'x@example.com', subject: 's', text: 't', html: '<p>t</p>' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect(err).toMatchObject({ permanent: false, code: null });
    expect((err as Error).message).toContain('could not be reached');
  });

  it('unsubscribes without a session: GET changes nothing, a bad token is refused, the page’s POST and one-click work', async () => {
    const { uid } = w.owner;
    const t = unsubscribeToken(w.t.config.authSecret, uid);
    const query = `u=${uid}&t=${t}`;
    // A mail scanner fetching the link: a redirect to the page that asks, and nothing changed.
    const get = await w.t.app.inject({ method: 'GET', url: `/api/v1/notifications/unsubscribe?${query}` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/unsubscribe?${query}`);
    expect(await prefs(w.owner.token)).toMatchObject({ email: true });

    const forged = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/unsubscribe',
      payload: { u: uid, t: unsubscribeToken('another-secret-another-secret-000', uid) },
    });
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged)).toMatchObject({ code: 'permission-denied' });
    expect(errorOf(forged).message).toContain('unsubscribe link is not valid');
    const someoneElse = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/unsubscribe',
      payload: { u: crypto.randomUUID(), t },
    });
    expect(someoneElse.statusCode).toBe(403);
    expect(await prefs(w.owner.token)).toMatchObject({ email: true });

    await setPrefs(w.owner.token, { notifications: { digest: true } });
    const page = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/unsubscribe',
      payload: { u: uid, t },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({ channel: 'email', email: `${ownerEmail[0]}•••@example.com` });
    expect(await prefs(w.owner.token)).toMatchObject({ email: false, digest: false, push: true });
    // The channel reads the preference at send time: an alert queued before is not mailed.
    const [eventId] = await w.insertEvents(w.camA, 1);
    const skipped = await createEmailChannel({
      db,
      mail,
      storage,
      publicUrl: w.t.config.publicUrl,
      authSecret: w.t.config.authSecret,
    }).send({
      delivery: { id: crypto.randomUUID(), workspaceId, channel: 'email', target: uid, userId: uid, attempt: 1 },
      event: (await loadNotifiedEvent(db, eventId!))!,
      link: 'x',
      imageUrl: null,
    });
    expect(skipped).toMatchObject({ ok: false, skipped: true, retry: false });

    // RFC 8058: the mail client POSTs the List-Unsubscribe URL with a form body, urlencoded or multipart.
    await setPrefs(w.owner.token, { notifications: { email: true } });
    const oneClick = await w.t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(await prefs(w.owner.token)).toMatchObject({ email: false });
    await setPrefs(w.owner.token, { notifications: { email: true } });
    const boundary = '---FormBoundaryjWmhtjORrn';
    const multipart = await w.t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?${query}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await prefs(w.owner.token)).toMatchObject({ email: false });
    await setPrefs(w.owner.token, { notifications: { email: true } });

    // The link's query alone, without the one-click body, is not a request to unsubscribe.
    const bare = await w.t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?${query}`,
      payload: {},
    });
    expect(bare.statusCode).toBe(400);
    expect(await prefs(w.owner.token)).toMatchObject({ email: true });
  });
});
