// Stripe webhook → plan applied. OWNERS workspaces subscribed through Checkout (the real SDK
// against the local Stripe stand-in); then CHANGES times, one after another, Stripe moves one
// owner's subscription to the other plan's Price (as a schedule or the portal does) and posts a
// signed customer.subscription.updated. Vigil verifies it, re-reads the subscription from Stripe
// and applies the plan in one transaction with the event's id before it answers, so the POST's
// time is the time from the webhook to the plan applied; each change is checked on the owner's
// document afterwards. Baseline, same run, same payloads: the bare signature check
// (`stripe.webhooks.constructEvent` alone, in process). Figures: p50/p95/max. Smoke: OWNERS=2 CHANGES=20.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { register } from 'tsx/esm/api';
import { ROOT, apiOf, checkedOutOwner, connectStripeStub, databaseUrlOf, report, startVigil } from './lib.mjs';

register();
const { startStripeStub } = await import(path.join(ROOT, 'apps/server/test/stripe-stub.ts'));

const OWNERS = Number(process.env.OWNERS ?? 10);
const CHANGES = Number(process.env.CHANGES ?? 300);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-stripe-webhook-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
let stub;
const api = apiOf(() => vigil.url);

const figures = (times) => {
  const t = [...times].sort((a, b) => a - b);
  const q = (p) => Math.round(t[Math.min(t.length - 1, Math.floor(p * t.length))] * 1000) / 1000;
  return { 'p50 (ms)': q(0.5), 'p95 (ms)': q(0.95), 'max (ms)': q(1), n: t.length };
};

try {
  stub = await startStripeStub();
  vigil = await startVigil(dataDir, { STRIPE_API_URL: stub.url, TRUST_PROXY: 'true' });
  db = new pg.Client({ connectionString: databaseUrlOf(dataDir) });
  await db.connect();
  await connectStripeStub(api, stub, { taxRate: 20 });
  const hook = `${vigil.url}/api/v1/billing/webhooks/stripe`;

  const owners = [];
  for (let o = 0; o < OWNERS; o++) {
    const { owner, session, sub } = await checkedOutOwner(vigil.url, api, stub, o);
    const res = await stub.send(hook, 'checkout.session.completed', session);
    if (res.status !== 200) throw new Error(`checkout not applied: ${await res.text()}`);
    owners.push({ owner, sub });
  }
  // The other plan's Prices, as Vigil makes them (its preview asks for them).
  await api('POST', '/api/v1/billing/change/preview', owners[0].owner.token, { plan: 'vms', interval: 'month' });
  const priceOf = (key) => [...stub.prices.values()].find((p) => p.lookup_key === key);
  const prices = { pro: priceOf('vigil_pro_month'), vms: priceOf('vigil_vms_month') };

  const sdk = new Stripe(stub.key);
  const signed = [];
  const applied = [];
  const wrong = [];
  for (let i = 0; i < CHANGES; i++) {
    const { owner, sub } = owners[i % OWNERS];
    const item = sub.items.data[0];
    const plan = item.price.id === prices.pro.id ? 'vms' : 'pro';
    item.price = prices[plan];
    const payload = JSON.stringify({
      id: `evt_bench_change_${i}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      api_version: Stripe.API_VERSION,
      data: { object: sub },
    });
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: stub.webhookSecret });
    signed.push({ payload, signature });
    const t0 = performance.now();
    const res = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const body = await res.text();
    applied.push(performance.now() - t0);
    if (res.status !== 200 || !body.includes('applied')) throw new Error(`change ${i} not applied: ${body}`);
    const [row] = (await db.query('select plan from users where id = $1', [owner.user.uid])).rows;
    if (row.plan !== plan) wrong.push(i);
  }

  // The same payloads and signatures, verified and parsed by the SDK alone.
  const bare = [];
  for (const s of signed) {
    const t0 = performance.now();
    sdk.webhooks.constructEvent(s.payload, s.signature, stub.webhookSecret);
    bare.push(performance.now() - t0);
  }

  report('stripe-webhook', [
    { what: 'baseline: stripe.webhooks.constructEvent alone (same payloads)', ...figures(bare) },
    { what: 'webhook → plan applied (verify, re-read from Stripe, apply, answer)', ...figures(applied) },
  ]);
  console.log(`plan on the owner's document as Stripe said after each change: ${CHANGES - wrong.length} of ${CHANGES}`);
  if (wrong.length) throw new Error(`the plan was not applied for changes ${wrong.slice(0, 5).join(', ')}`);
} finally {
  await db?.end().catch(() => {});
  await vigil?.stop();
  await stub?.close();
  rmSync(dir, { recursive: true, force: true });
}
