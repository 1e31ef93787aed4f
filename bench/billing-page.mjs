// Billing page load: p50/p95/p99 of GET /api/v1/billing for a workspace with 3 years of
// monthly invoices (36 paid, with their payments) and 30 days of storage readings, REQUESTS requests
// CONCURRENCY at a time. Baseline, same run and session: GET /api/v1/me (session + document).
// Smoke: REQUESTS=50.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiOf, databaseUrlOf, getLatencies, report, startVigil } from './lib.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const MONTHS = 36;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-billing-'));
const dataDir = path.join(dir, 'data');
let vigil;
let db;
const api = apiOf(() => vigil.url);

const load = (url, token, n, c) => getLatencies(vigil.url, url, token, n, c);

try {
  vigil = await startVigil(dataDir);
  db = new pg.Client({ connectionString: databaseUrlOf(dataDir) });
  await db.connect();
  await api('POST', '/api/v1/auth/sign-up', null, {
    email: `admin-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Admin',
  });
  const { token, workspace } = await api('POST', '/api/v1/auth/sign-up', null, {
    email: `owner-${Date.now()}@vigil.test`,
    password: 'bench-password',
    displayName: 'Owner',
  });
  // 36 monthly invoices, paid, with their payments; the subscription active on the last period.
  await db.query(
    `with inv as (
       insert into invoices (workspace_id, number, provider, status, plan_key, interval, currency, amount_minor,
                             tax_minor, total_minor, period_start, period_end, issued_at, paid_at, seller, buyer)
       select $1, 'BENCH-' || m, 'manual', 'paid', 'pro', 'month', 'EUR', 2900, 580, 3480,
              now() - make_interval(months => $2 - m), now() - make_interval(months => $2 - m - 1),
              now() - make_interval(months => $2 - m), now() - make_interval(months => $2 - m),
              '{"name":"Seller","address":"","taxId":""}', '{"name":"Owner","email":"o@x"}'
         from generate_series(0, $2 - 1) m
       returning id, workspace_id, total_minor, paid_at)
     insert into payments (workspace_id, invoice_id, provider, provider_ref, amount_minor, currency, paid_at)
     select workspace_id, id, 'manual', id::text, total_minor, 'EUR', paid_at from inv`,
    [workspace.id, MONTHS],
  );
  await db.query(
    `update subscriptions set plan_key = 'pro', status = 'active', source = 'manual', interval = 'month',
            period_start = now(), period_end = now() + interval '1 month', currency = 'EUR', price_minor = 2900
      where workspace_id = $1`,
    [workspace.id],
  );
  await db.query(
    `insert into storage_daily (workspace_id, day, bytes)
     select $1, (now() at time zone 'UTC')::date - d, 1e9 * (30 - d) from generate_series(0, 29) d`,
    [workspace.id],
  );
  const billing = await api('GET', '/api/v1/billing', token);
  if (billing.invoices.length !== MONTHS || billing.storageHistory.length !== 30)
    throw new Error(`unexpected billing document: ${billing.invoices.length} invoices`);

  await load('/api/v1/me', token, 100, CONCURRENCY); // warm-up, both sides
  await load('/api/v1/billing', token, 100, CONCURRENCY);
  const base = await load('/api/v1/me', token, REQUESTS, CONCURRENCY);
  const page = await load('/api/v1/billing', token, REQUESTS, CONCURRENCY);
  report('billing-page', [
    { what: `baseline: GET /api/v1/me (concurrency ${CONCURRENCY})`, ...base },
    { what: `GET /api/v1/billing, ${MONTHS} invoices + 30 days of storage`, ...page },
  ]);
  console.log(`billing p95 / me p95: ${(page['p95 (ms)'] / base['p95 (ms)']).toFixed(2)}`);
} finally {
  await db?.end().catch(() => {});
  await vigil?.stop();
  rmSync(dir, { recursive: true, force: true });
}
