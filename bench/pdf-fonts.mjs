// PDF render time and size with the embedded, subset Noto fonts beside the standard-font renderers
// they replaced (the same files at BASELINE_REF, loaded from git beside the current ones so their
// imports resolve), same run, same data: a report of CAMERAS cameras (Latin names, then names in
// mixed scripts) and an invoice (Latin, then mixed). Medians of RUNS after a warm-up; the first
// render of the process (reading and parsing the font files) separately. Smoke: CAMERAS=10 RUNS=3.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, medianTime, report } from './lib.mjs';

register();
const CAMERAS = Number(process.env.CAMERAS ?? 100);
const RUNS = Number(process.env.RUNS ?? 9);
const BASELINE_REF = process.env.BASELINE_REF ?? '0463b8a';

const reportDir = path.join(ROOT, 'apps/server/src/modules/reports');
const billingDir = path.join(ROOT, 'apps/server/src/modules/billing');
const baselineFiles = [
  [path.join(reportDir, 'report-pdf.bench-baseline.ts'), 'apps/server/src/modules/reports/report-pdf.ts'],
  [path.join(billingDir, 'invoice-pdf.bench-baseline.ts'), 'apps/server/src/modules/billing/invoice-pdf.ts'],
];
for (const [file, source] of baselineFiles)
  writeFileSync(file, execFileSync('git', ['show', `${BASELINE_REF}:${source}`], { cwd: ROOT }));

/** After a warm-up: the median time and the PDF's size. */
async function timed(fn) {
  await fn();
  const { ms, last } = await medianTime(RUNS, fn);
  return { ms, bytes: last.length };
}

const MIXED = ['Entrée 東京 Камера', 'كاميرا المدخل', 'מצלמה ראשית', 'Κάμερα αυλής', 'Quai de chargement'];
const uptime = { windowMs: 86_400_000 * 30, downMs: 3_600_000, outages: 2, longestMs: 1_800_000 };
const model = (names) => {
  const cameras = Array.from({ length: CAMERAS }, (_, i) => ({
    scope: 'camera',
    id: String(i),
    name: `${names[i % names.length]} ${i + 1}`,
    siteId: null,
    siteName: null,
    figures: { uptime: { ...uptime, downMs: uptime.downMs * (i % 7) } },
  }));
  return {
    kind: 'uptime',
    workspaceName: names[0],
    siteName: null,
    from: new Date('2026-03-01T00:00:00Z'),
    to: new Date('2026-04-01T00:00:00Z'),
    generatedAt: new Date('2026-04-01T00:00:00Z'),
    timeZone: 'Europe/Paris',
    language: 'fr',
    cameras,
    sites: [],
    total: { scope: 'total', id: null, name: 'Total', siteId: null, siteName: null, figures: { uptime } },
    eventKinds: [],
  };
};
const { sampleInvoiceRow } = await import(path.join(ROOT, 'apps/server/test/sample-invoice.ts'));
const invoice = (seller, buyer) =>
  sampleInvoiceRow({
    number: '2026-000123',
    seller: { name: seller, address: '1 rue de la Paix\n75002 Paris', taxId: 'FR00123456789' },
    buyer: { name: buyer, email: 'owner@example.test' },
  });

try {
  const now = await import(path.join(reportDir, 'report-pdf.ts'));
  const nowInvoice = await import(path.join(billingDir, 'invoice-pdf.ts'));
  const before = await import(baselineFiles[0][0]);
  const beforeInvoice = await import(baselineFiles[1][0]);
  const opts = { planName: 'Pro', language: 'fr', instructions: 'Virement SEPA' };

  const t0 = performance.now();
  await nowInvoice.renderInvoicePdf(invoice('Vigil SAS', 'Entrée 東京 Камера'), opts);
  const firstMs = +(performance.now() - t0).toFixed(1);

  const cases = [
    ['report, Latin names', (r) => r.renderReportPdf(model(['Front door', 'Loading dock', 'Yard'])), before, now],
    ['report, mixed scripts', (r) => r.renderReportPdf(model(MIXED)), before, now],
    ['invoice, Latin', (r) => r.renderInvoicePdf(invoice('Vigil SAS', 'Jean Dupont'), opts), beforeInvoice, nowInvoice],
    [
      'invoice, mixed scripts',
      (r) => r.renderInvoicePdf(invoice('Entrée 東京 Камера', 'كاميرا المدخل'), opts),
      beforeInvoice,
      nowInvoice,
    ],
  ];
  const rows = [];
  for (const [name, render, old, cur] of cases) {
    const base = await timed(() => render(old));
    const emb = await timed(() => render(cur));
    rows.push({
      case: name,
      'baseline: standard fonts (ms)': base.ms,
      'embedded Noto (ms)': emb.ms,
      'time ×': +(emb.ms / base.ms).toFixed(2),
      'baseline bytes': base.bytes,
      'embedded bytes': emb.bytes,
      'size ×': +(emb.bytes / base.bytes).toFixed(2),
    });
    console.log(`${name}: ${base.ms} ms / ${base.bytes} B → ${emb.ms} ms / ${emb.bytes} B`);
  }
  report('pdf-fonts', rows);
  console.log(
    `first render of the process (font files read and parsed): ${firstMs} ms; report of ${CAMERAS} cameras; ` +
      `medians of ${RUNS} runs; baseline = the renderers at ${BASELINE_REF}`,
  );
} catch (e) {
  console.error('pdf-fonts failed:', e);
  process.exitCode = 1;
} finally {
  for (const [file] of baselineFiles) rmSync(file, { force: true });
}
