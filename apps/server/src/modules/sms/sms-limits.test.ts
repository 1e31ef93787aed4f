import { type Db, createDb } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secrets.ts';
import type { DeliveryContext } from '../../lib/delivery-channel.ts';
import { bearer } from '../../../test/harness.ts';
import { errorOf, withPg } from '../../../test/helpers.ts';
import { type SmsWorld, TEMPLATES, ownerWithAccount, sendTest, startSmsWorld } from '../../../test/sms-world.ts';
import { createSmsChannel } from './sms.service.ts';
import { twilioProvider } from './twilio-provider.ts';

/** The per-workspace rate and monthly cap, and the SMS channel the delivery engine calls. */
describe('SMS limits and the SMS channel', () => {
  let w: SmsWorld;
  let db: Db;
  let endDb: () => Promise<void>;
  const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    withPg(w.t.databaseUrl, async (c) => (await c.query<T>(text, params)).rows);

  beforeAll(async () => {
    w = await startSmsWorld();
    const conn = createDb(w.t.databaseUrl, 2);
    db = conn.db;
    endDb = () => conn.pool.end();
  });
  afterAll(async () => {
    await endDb();
    await w.close();
  });

  it('enforces the rate per minute atomically, then the monthly cap (calendar month, UTC)', async () => {
    const owner = await ownerWithAccount(w, w.accounts.a, { ratePerMinute: 2, monthlyCap: 5 });
    const ws = owner.workspace.id;
    // Five at once against a rate of 2: the settings row lock lets exactly two through.
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => sendTest(w, owner.token, `+3361234567${i}`)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
    const limited = burst.find((r) => r.statusCode === 429)!;
    expect(errorOf(limited)).toMatchObject({ code: 'resource-exhausted' });
    expect(errorOf(limited).message).toMatch(/at most 2 SMS a minute/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(w.stub.messages.filter((m) => m.accountSid === w.accounts.a.sid)).toHaveLength(2);

    // A minute later (the rows moved back), two more fit: 4 this month.
    await sql(`update sms_messages set created_at = now() - interval '61 seconds' where workspace_id = $1`, [ws]);
    for (const to of ['+33612345601', '+33612345602'])
      expect((await sendTest(w, owner.token, to)).statusCode).toBe(200);
    await sql(`update sms_messages set created_at = now() - interval '61 seconds' where workspace_id = $1`, [ws]);
    expect((await sendTest(w, owner.token, '+33612345603')).statusCode).toBe(200);
    const capped = await sendTest(w, owner.token, '+33612345604');
    expect(capped.statusCode).toBe(429);
    expect(errorOf(capped).message).toMatch(/monthly SMS cap/);
    const settings = (
      await w.t.app.inject({ method: 'GET', url: '/api/v1/sms/settings', headers: bearer(owner.token) })
    ).json();
    expect(settings.usage).toEqual({ lastMinute: 1, thisMonth: 5 });

    // Last month's messages do not count.
    await sql(
      `update sms_messages set created_at = date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '1 second' where workspace_id = $1`,
      [ws],
    );
    expect((await sendTest(w, owner.token, '+33612345605')).statusCode).toBe(200);
  });

  describe('the channel', () => {
    let owner: AuthResult;
    let channel: ReturnType<typeof createSmsChannel>;
    const startAt = new Date('2026-03-10T13:05:00Z');

    const ctx = async (target: string, kind: 'motion' | 'camera.offline' = 'motion'): Promise<DeliveryContext> => {
      const [row] = await sql<{ id: string }>(
        `insert into deliveries (workspace_id, channel, target, destination, dedupe_key)
         values ($1, 'sms', $2, $2, gen_random_uuid()::text) returning id`,
        [owner.workspace.id, target],
      );
      return {
        delivery: { id: row!.id, workspaceId: owner.workspace.id, channel: 'sms', target, userId: null, attempt: 1 },
        event: {
          id: crypto.randomUUID(),
          workspaceId: owner.workspace.id,
          workspaceName: 'Shop',
          cameraId: crypto.randomUUID(),
          cameraName: 'Front door',
          kind,
          severity: 'alert',
          startAt,
          endAt: null,
          armed: true,
          zones: [],
          thumbnailKey: null,
          detail: null,
        },
        link: 'https://vigil.example/viewer/events?id=1',
        imageUrl: null,
      };
    };

    beforeAll(async () => {
      owner = await ownerWithAccount(w, w.accounts.b, {
        templates: { ...TEMPLATES, motion: '{camera}: {kind} at {time} {link}' },
      });
      await sql(`update workspaces set time_zone = 'Europe/Paris' where id = $1`, [owner.workspace.id]);
      channel = createSmsChannel({
        db,
        secrets: createSecretBox(w.t.config.authSecret),
        providers: twilioProvider(w.stub.url),
        publicUrl: w.publicUrl,
      });
    });

    it('renders the kind’s template in the workspace’s time zone and logs the message with its delivery', async () => {
      const c = await ctx('+33611111111');
      const result = await channel.send(c);
      const sent = w.stub.messages.at(-1)!;
      expect(result).toEqual({ ok: true, info: sent.sid });
      expect(sent.form.Body).toBe('Front door: Motion at 10 Mar, 14:05 https://vigil.example/viewer/events?id=1');
      expect(sent.auth.password).toBe(w.accounts.b.token);
      const [row] = await sql('select delivery_id, status, test from sms_messages where provider_sid = $1', [sent.sid]);
      expect(row).toEqual({ delivery_id: c.delivery.id, status: 'queued', test: false });
      // A kind without its own template takes the default.
      await channel.send(await ctx('+33611111112', 'camera.offline'));
      expect(w.stub.messages.at(-1)!.form.Body).toBe(
        'Vigil: Camera offline on Front door at 10 Mar, 14:05. https://vigil.example/viewer/events?id=1',
      );
    });

    it('gives up on a number the provider refuses, retries when the provider fails', async () => {
      w.stub.invalidNumbers.add('+15005550001');
      const bad = await channel.send(await ctx('+15005550001'));
      expect(bad).toMatchObject({ ok: false, retry: false, code: 400 });
      w.stub.failing.on = true;
      try {
        expect(await channel.send(await ctx('+33611111113'))).toMatchObject({ ok: false, retry: true, code: 500 });
      } finally {
        w.stub.failing.on = false;
      }
      const rows = await sql<{ status: string; error_code: string }>(
        `select status, error_code from sms_messages where workspace_id = $1 and status = 'failed' order by created_at`,
        [owner.workspace.id],
      );
      expect(rows).toEqual([
        { status: 'failed', error_code: '21211' },
        { status: 'failed', error_code: '20500' },
      ]);
    });

    it('skips an opted-out number without calling the provider', async () => {
      await sql('insert into sms_opt_outs (workspace_id, phone) values ($1, $2)', [owner.workspace.id, '+33611111114']);
      const before = w.stub.messages.length;
      const r = await channel.send(await ctx('+33611111114'));
      expect(r).toMatchObject({ ok: false, retry: false, skipped: true, error: expect.stringMatching(/STOP/) });
      expect(w.stub.messages.length).toBe(before);
    });

    it('retries over the rate, skips over the cap or with SMS off', async () => {
      await sql('update sms_settings set rate_per_minute = 1 where workspace_id = $1', [owner.workspace.id]);
      expect(await channel.send(await ctx('+33611111115'))).toMatchObject({ ok: false, retry: true, code: 429 });
      await sql('update sms_settings set rate_per_minute = 100, monthly_cap = 1 where workspace_id = $1', [
        owner.workspace.id,
      ]);
      expect(await channel.send(await ctx('+33611111115'))).toMatchObject({ ok: false, skipped: true, retry: false });
      await sql('update sms_settings set monthly_cap = 100, enabled = false where workspace_id = $1', [
        owner.workspace.id,
      ]);
      expect(await channel.send(await ctx('+33611111115'))).toMatchObject({
        ok: false,
        skipped: true,
        error: expect.stringMatching(/turned off/),
      });
    });
  });
});
