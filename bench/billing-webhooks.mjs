// Stripe webhook handling under a burst: OWNERS workspaces checked out through Checkout
// (the real SDK against the local Stripe stand-in), then a burst of EVENTS signed events posted
// CONCURRENCY at a time — each owner's checkout.session.completed and renewals' invoice.paid, with
// DUP_SHARE of them redelivered (same event id). Each event is verified, re-read from Stripe and
// applied in one transaction with its id. Figures: p50/p99 per POST. Baseline, same run: a bare
// Fastify route that verifies the same signatures with the same SDK and does nothing else.
// Afterwards: every distinct event applied once (stripe_events), one payment per paid invoice.
// Smoke: OWNERS=2 EVENTS=20.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import Stripe from 'stripe';
import { register } from 'tsx/esm/api';
import { ROOT, apiOf, checkedOutOwner, connectStripeStub, report, startVigil } from './lib.mjs';

register();
const { startStripeStub } = await import(path.join(ROOT, 'apps/server/test/stripe-stub.ts'));

const OWNERS = Number(process.env.OWNERS ?? 10);
const EVENTS = Number(process.env.EVENTS ?? 500);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const DUP_SHARE = 0.2;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-billing-webhooks-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
let stub;
let bare;
const api = apiOf(() => vigil.url);

/** Posts every {url, payload, signature}, CONCURRENCY at a time; latencies sorted, and the answers. */
async function burst(items, url) {
  const times = [];
  const answers = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < items.length; i = next++) {
        const t0 = performance.now();
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': items[i].signature },
          body: items[i].payload,
        });
        answers.push({ status: res.status, body: await res.text() });
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const q = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 100) / 100;
  return { figures: { 'p50 (ms)': q(0.5), 'p99 (ms)': q(0.99), 'max (ms)': q(1), events: times.length }, answers };
}

try {
  stub = await startStripeStub();
  // TRUST_PROXY: each owner signs up from its own address (X-Forwarded-For), under the sign-up limit per address.
  vigil = await startVigil(dataDir, { STRIPE_API_URL: stub.url, TRUST_PROXY: 'true' });
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const pgPort = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${pgPort}/postgres`,
  });
  await db.connect();
  await connectStripeStub(api, stub);

  // The distinct events: per owner one checkout.session.completed, then paid renewals.
  const distinct = [];
  const perOwner = Math.ceil((EVENTS * (1 - DUP_SHARE)) / OWNERS);
  for (let o = 0; o < OWNERS; o++) {
    const { session, sub } = await checkedOutOwner(vigil.url, api, stub, o);
    distinct.push({ type: 'checkout.session.completed', object: session });
    for (let i = 1; i < perOwner; i++)
      distinct.push({ type: 'invoice.paid', object: stub.addInvoice(sub.id, { status: 'paid', total: 2900 }) });
  }
  const sdk = new Stripe(stub.key);
  const sign = (e, id) => {
    const payload = JSON.stringify({ id, object: 'event', type: e.type, created: 1, data: { object: e.object } });
    return { payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret: stub.webhookSecret }) };
  };
  const events = distinct.slice(0, Math.round(EVENTS * (1 - DUP_SHARE))).map((e, i) => sign(e, `evt_bench_${i}`));
  // Redeliveries: the same event ids again, mixed into the burst.
  const dups = Array.from({ length: EVENTS - events.length }, (_, i) => events[(i * 7) % events.length]);
  const all = [...events, ...dups].sort(() => Math.random() - 0.5);

  bare = Fastify({ logger: false });
  bare.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, body, done) => done(null, body));
  bare.post('/hook', async (req) => {
    sdk.webhooks.constructEvent(req.body, req.headers['stripe-signature'], stub.webhookSecret);
    return { received: true };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const base = await burst(all, `http://127.0.0.1:${bare.server.address().port}/hook`);
  const hook = await burst(all, `${vigil.url}/api/v1/billing/webhooks/stripe`);

  const failed = hook.answers.filter((a) => a.status !== 200);
  if (failed.length) throw new Error(`${failed.length} webhooks not accepted: ${failed[0].body}`);
  const applied = (await db.query(`select count(*)::int as n from stripe_events where status = 'applied'`)).rows[0].n;
  const paid = distinct.filter((e, i) => i < events.length && e.type === 'invoice.paid').length;
  const payments = (await db.query(`select count(*)::int as n from payments where provider = 'stripe'`)).rows[0].n;
  report('billing-webhooks', [
    { what: `baseline: bare route verifying the signature (concurrency ${CONCURRENCY})`, ...base.figures },
    { what: `POST /api/v1/billing/webhooks/stripe (${dups.length} redeliveries)`, ...hook.figures },
  ]);
  console.log(
    `applied once: ${applied} of ${events.length} distinct events; payments ${payments} for ${paid} paid invoices; duplicates answered: ${hook.answers.filter((a) => a.body.includes('duplicate')).length}`,
  );
  if (applied !== events.length || payments !== paid) throw new Error('an event was not applied exactly once');
} finally {
  await db?.end().catch(() => {});
  await vigil?.stop();
  await bare?.close();
  await stub?.close();
  rmSync(dir, { recursive: true, force: true });
}
