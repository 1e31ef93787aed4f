import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, signUp } from '../../../test/harness.ts';
import { waitForMail, connectPg } from '../../../test/helpers.ts';
import { type ReceivedMail, startSmtpSink } from '../../../test/smtp-sink.ts';

describe('password-reset mail over SMTP', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Vigil <vigil@example.com>' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('is delivered through the SMTP protocol with the reset link, and marked sent in the outbox', async () => {
    const account = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: account.user.email },
    });
    expect(res.statusCode).toBe(202);
    // The mail goes out after the answer (a known email answers as fast as an unknown one).
    await waitForMail(t.databaseUrl, account.user.email, (m) => m.sent_at !== null);
    expect(sink.mails).toHaveLength(1);
    const mail = sink.mails[0] as ReceivedMail;
    expect(mail.from).toBe('vigil@example.com');
    expect(mail.to).toEqual([account.user.email]);
    expect(mail.data).toContain('Subject: Reset your Vigil password');
    expect(mail.data.replace(/=\r?\n/g, '')).toMatch(/http:\/\/127\.0\.0\.1:3000\/auth\/reset\?token=[\w-]+/);

    const db = await connectPg(t.databaseUrl);
    const { rows } = await db.query('select transport, sent_at from mail_outbox where "to" = $1', [account.user.email]);
    await db.end();
    expect(rows).toHaveLength(1);
    expect(rows[0].transport).toBe('smtp');
    expect(rows[0].sent_at).not.toBeNull();
  });

  it('keeps the mail unsent in the outbox when the SMTP server is gone, and still answers 202', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const account = await signUp(broken.app);
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email: account.user.email },
      });
      expect(res.statusCode).toBe(202);
      await waitForMail(broken.databaseUrl, account.user.email);
      await broken.close(); // waits for the send attempt to finish
      const db = await connectPg(broken.databaseUrl);
      const { rows } = await db.query('select sent_at from mail_outbox where "to" = $1', [account.user.email]);
      await db.end();
      expect(rows).toEqual([{ sent_at: null }]);
    } finally {
      await broken.close();
    }
  });
});
