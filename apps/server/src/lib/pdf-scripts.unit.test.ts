import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleInvoiceRow } from '../../test/sample-invoice.ts';
import { renderInvoicePdf } from '../modules/billing/invoice-pdf.ts';
import type { ReportModel, ReportRow } from '../modules/reports/report-model.ts';
import { renderReportPdf } from '../modules/reports/report-pdf.ts';
import { DocumentFonts, fontFiles } from './pdf-fonts.ts';

/**
 * Names in Latin with accents, CJK, Cyrillic, Greek, Arabic and Hebrew printed by the report and
 * invoice renderers and read back by poppler's pdftotext: the exact text, no "?", and the fonts
 * embedded as subsets (pdffonts).
 */
const run = promisify(execFile);
const MIXED = 'Entrée 東京 Камера';
const ARABIC = 'كاميرا المدخل';
const HEBREW = 'מצלמה ראשית';
const GREEK = 'Κάμερα αυλής';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pdf-scripts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readBack(pdf: Uint8Array, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const [text, fonts] = await Promise.all([run('pdftotext', ['-enc', 'UTF-8', file, '-']), run('pdffonts', [file])]);
  return { text: text.stdout, fonts: fonts.stdout };
}

const uptime = { windowMs: 3_600_000, downMs: 0, outages: 0, longestMs: 0 };
const camera = (name: string): ReportRow => ({
  scope: 'camera',
  id: name,
  name,
  siteId: null,
  siteName: null,
  figures: { uptime },
});

/** The page as grey pixels (poppler's rasteriser, as a viewer would draw it). */
async function raster(pdf: Uint8Array, name: string): Promise<Buffer> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const out = await run('pdftoppm', ['-gray', '-r', '72', file], { encoding: 'buffer', maxBuffer: 1 << 24 });
  return out.stdout as unknown as Buffer;
}

describe('PDFs in every script', () => {
  it('a subset font draws the same glyphs as the whole font (none lost to its loca offsets)', async () => {
    const text = 'Entrée Камера Ελλάδα — abcdefghijklmnopqrstuvwxyz 0123456789';
    const draw = async (subset: boolean) => {
      const doc = await PDFDocument.create();
      const page = doc.addPage([500, 40]);
      if (subset) {
        const fonts = await DocumentFonts.for(doc);
        await fonts.need([text]);
        page.drawText(text, { x: 5, y: 15, size: 12, font: fonts.font('latin', 'regular')! });
      } else {
        doc.registerFontkit(fontkit);
        const whole = await doc.embedFont((await fontFiles()).latin.regular.bytes, { subset: false });
        page.drawText(text, { x: 5, y: 15, size: 12, font: whole });
      }
      return doc.save();
    };
    const [subset, whole] = await Promise.all([draw(true), draw(false)]);
    expect(subset.length).toBeLessThan(whole.length / 10);
    const [a, b] = await Promise.all([raster(subset, 'subset'), raster(whole, 'whole')]);
    const ink = (px: Buffer) => px.reduce((n, v) => n + (v < 128 ? 1 : 0), 0);
    expect(ink(b)).toBeGreaterThan(500);
    expect(a.equals(b)).toBe(true);
  });

  it('a full stop stays in the text layer after a "…" or "·" built of it was embedded first', async () => {
    // A copy of the bytes is a font this process has not parsed yet, whatever ran before.
    const files = await fontFiles();
    const latin = { ...files.latin, regular: { ...files.latin.regular, bytes: files.latin.regular.bytes.slice() } };
    const draw = async (text: string) => {
      const doc = await PDFDocument.create();
      const fonts = new DocumentFonts(doc, { ...files, latin });
      await fonts.need([text]);
      doc.addPage().drawText(text, { x: 40, y: 700, size: 14, font: fonts.font('latin', 'regular')! });
      return doc.save();
    };
    await draw('Loading… · 12:00');
    const { text } = await readBack(await draw('Overall uptime: 93.52%'), 'full-stop');
    expect(text).toContain('Overall uptime: 93.52%');
  });

  it('a report prints camera and workspace names as written, right-to-left ones included', async () => {
    const model: ReportModel = {
      kind: 'uptime',
      workspaceName: MIXED,
      siteName: null,
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-02T00:00:00Z'),
      generatedAt: new Date('2026-03-02T00:00:00Z'),
      timeZone: 'UTC',
      language: 'en',
      cameras: [camera(MIXED), camera(ARABIC), camera(HEBREW), camera(GREEK)],
      sites: [],
      total: { scope: 'total', id: null, name: 'Total', siteId: null, siteName: null, figures: { uptime } },
      eventKinds: [],
    };
    const pdf = await renderReportPdf(model);
    const { text, fonts } = await readBack(pdf, 'report');
    expect(text).toContain(MIXED);
    expect(text).toContain(ARABIC);
    expect(text).toContain(HEBREW);
    expect(text).toContain(GREEK);
    expect(text).not.toContain('?');
    // The Noto faces embedded, none of the standard ones; subset: the CJK face alone is 10 MB whole.
    for (const face of ['NotoSans-Regular', 'NotoSansSC-Regular', 'NotoNaskhArabic', 'NotoSansHebrew'])
      expect(fonts).toMatch(new RegExp(`${face}-\\d+ +CID TrueType +Identity-H +yes`));
    expect(fonts).not.toMatch(/Helvetica/);
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('an invoice prints buyer and seller names as written, an Arabic one right-aligned', async () => {
    const invoice = sampleInvoiceRow({
      seller: { name: MIXED, address: `${GREEK}\n${HEBREW}`, taxId: 'FR00123456789' },
      buyer: { name: ARABIC, email: 'owner@example.test' },
    });
    const pdf = await renderInvoicePdf(invoice, { planName: 'Pro 東京', language: 'fr', instructions: '' });
    const { text } = await readBack(pdf, 'invoice');
    for (const s of [MIXED, ARABIC, HEBREW, GREEK, 'Pro 東京', 'Facture 2026-000001']) expect(text).toContain(s);
    expect(text).not.toContain('?');

    // The Arabic buyer line ends at the right margin: its last glyph's box is near the page's right edge.
    const file = path.join(dir, 'invoice.pdf');
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']);
    const words = [
      ...stdout.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
    ];
    // -bbox lists glyphs as placed (visual order), so the words are matched by script, not spelling.
    const arabic = words.filter((w) => /[\u0600-\u06ff]/u.test(w[3]!));
    expect(arabic.length).toBe(2);
    expect(Math.max(...arabic.map((w) => Number(w[2])))).toBeGreaterThan(595.28 - 56 - 2);
    expect(Math.min(...arabic.map((w) => Number(w[1])))).toBeGreaterThan(595.28 / 2);
  });
});
