import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { DocumentFonts } from '../../lib/pdf-fonts.ts';
import { PdfText } from '../../lib/pdf-text.ts';
import { type PdfColumn, pdfColumns } from './report-columns.ts';
import { chartRows, type ReportModel, type ReportRow, uptimeRatio } from './report-model.ts';
import { type ReportFormatter, reportFormat } from './report-text.ts';

/**
 * A report as a PDF (pdf-lib, already the invoices' library: pure JavaScript, MIT, with Noto fonts
 * embedded and subset so names in any script print as written): A4 landscape, the title,
 * workspace, site, period and time zone, a bar chart of the ten worst cameras by the report's
 * measure, then a table per site and per camera, header repeated on each page, "Page n of m" at
 * the foot.
 */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;
const ROW = 16;
const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const LINE = rgb(0.82, 0.82, 0.86);
const HEAD = rgb(0.93, 0.94, 0.96);
const BAR = rgb(0.15, 0.39, 0.92);
/**
 * Extra points after each space. Text extractors (pdftotext, screen readers, copy and paste) glue
 * short words together ("1 d 4 h" read as "1d4h") at a font's narrow space.
 */
const WORD_SPACING = 1.5;

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly type: PdfText,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Room for `height` more points on this page, or a new one. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + 14) return false;
    this.newPage();
    return true;
  }

  /** Text at x; with a width, cut to fit it ("…") and aligned in it (right-to-left text to the right). */
  text(
    value: string,
    x: number,
    o: { size?: number; bold?: boolean; color?: typeof TEXT; width?: number; align?: 'left' | 'right' } = {},
  ) {
    const weight = o.bold ? 'bold' : 'regular';
    const size = o.size ?? 9;
    const t = o.width === undefined ? value : this.type.fit(value, size, o.width, weight);
    this.type.draw(this.page, t, { x, y: this.y, size, weight, color: o.color ?? TEXT, box: o.width, align: o.align });
  }
}

function header(w: Writer, model: ReportModel, f: ReportFormatter) {
  const { L } = f;
  w.text(L.title[model.kind], MARGIN, { size: 20, bold: true });
  w.y -= 22;
  const c = L.colon;
  const lines = [
    `${L.workspace}${c}${model.workspaceName}  ·  ${L.site}${c}${model.siteName ?? L.allSites}`,
    `${L.period}${c}${f.dateTime(model.from)} – ${f.dateTime(model.to)}`,
    `${L.timeZone}${c}${model.timeZone}  ·  ${L.generated}${c}${f.dateTime(model.generatedAt)}  ·  ${L.cameras}${c}${f.integer(model.cameras.length)}`,
  ];
  for (const line of lines) {
    w.text(line, MARGIN, { size: 10, color: MUTED });
    w.y -= 14;
  }
  w.y -= 4;
  w.text(summary(model, f), MARGIN, { size: 12, bold: true });
  w.y -= 24;
}

function summary(model: ReportModel, f: ReportFormatter): string {
  const t = model.total.figures;
  switch (model.kind) {
    case 'uptime':
      return f.L.summary.uptime(f.percent(uptimeRatio(t.uptime)));
    case 'events':
      return f.L.summary.events(f.integer(t.events?.total ?? 0));
    case 'storage':
      return f.L.summary.storage(f.bytes(t.storage?.storedBytes ?? 0));
    case 'alerts':
      return f.L.summary.alerts(
        `${f.integer(t.alerts?.alerts ?? 0)} · ${f.L.acknowledged}${f.L.colon}${f.integer(t.alerts?.acknowledged ?? 0)} · ${f.L.median}${f.L.colon}${f.duration(t.alerts?.medianMs ?? null)}`,
      );
  }
}

/** Horizontal bars: the ten worst cameras by the report's measure (uptime on a 0–100 % scale). */
function chart(w: Writer, model: ReportModel, f: ReportFormatter) {
  const rows = chartRows(model);
  if (rows.length === 0) return;
  w.ensure(20 + rows.length * 14);
  w.text(f.L.chart[model.kind], MARGIN, { size: 11, bold: true });
  w.y -= 16;
  const labelWidth = 170;
  const barMax = 380;
  const max = model.kind === 'uptime' ? 1 : Math.max(...rows.map((r) => r.value), 1);
  for (const r of rows) {
    w.text(r.name, MARGIN, { size: 8.5, width: labelWidth - 8 });
    const len = Math.max(1, (r.value / max) * barMax);
    w.page.drawRectangle({ x: MARGIN + labelWidth, y: w.y - 2, width: len, height: 9, color: BAR });
    const value =
      model.kind === 'uptime' ? f.percent(r.value) : model.kind === 'storage' ? f.bytes(r.value) : f.integer(r.value);
    w.text(value, MARGIN + labelWidth + len + 6, { size: 8.5, color: MUTED });
    w.y -= 14;
  }
  w.y -= 12;
}

function table(w: Writer, title: string, first: PdfColumn[], rest: PdfColumn[], rows: ReportRow[], total: ReportRow) {
  const columns = [...first, ...rest];
  const span = PAGE.width - 2 * MARGIN;
  const unit = span / columns.reduce((a, c) => a + c.weight, 0);
  const xs: number[] = [];
  let x = MARGIN;
  for (const c of columns) {
    xs.push(x);
    x += c.weight * unit;
  }
  const pad = 4;
  const drawHead = () => {
    w.page.drawRectangle({ x: MARGIN, y: w.y - 4, width: span, height: ROW, color: HEAD });
    columns.forEach((c, i) => {
      w.text(c.label, xs[i]! + pad, { size: 8, bold: true, width: c.weight * unit - 2 * pad, align: c.align });
    });
    w.y -= ROW;
  };
  const drawRow = (r: ReportRow, bold: boolean) => {
    if (w.ensure(ROW)) drawHead();
    columns.forEach((c, i) => {
      w.text(c.text(r), xs[i]! + pad, { size: 9, bold, width: c.weight * unit - 2 * pad, align: c.align });
    });
    w.page.drawLine({
      start: { x: MARGIN, y: w.y - 5 },
      end: { x: MARGIN + span, y: w.y - 5 },
      thickness: 0.5,
      color: LINE,
    });
    w.y -= ROW;
  };
  w.ensure(ROW * 3 + 18);
  w.text(title, MARGIN, { size: 11, bold: true });
  w.y -= 16;
  drawHead();
  for (const r of rows) drawRow(r, false);
  drawRow(total, true);
  w.y -= 14;
}

export async function renderReportPdf(model: ReportModel): Promise<Uint8Array> {
  const f = reportFormat(model.language, model.timeZone);
  const { L } = f;
  const doc = await PDFDocument.create();
  doc.setTitle(`${L.title[model.kind]} – ${model.workspaceName}`);
  doc.setProducer('Vigil');
  doc.setCreationDate(model.generatedAt);
  const fonts = await DocumentFonts.for(doc);
  // Every name the report prints: a face (CJK, Arabic, Hebrew) is embedded only when one needs it.
  await fonts.need([
    model.workspaceName,
    model.siteName ?? '',
    ...model.sites.map((s) => s.name),
    ...model.cameras.map((c) => `${c.name} ${c.siteName ?? ''}`),
  ]);
  const w = new Writer(doc, new PdfText(fonts, WORD_SPACING));
  header(w, model, f);
  if (model.cameras.length === 0) {
    w.text(L.none, MARGIN, { size: 10 });
  } else {
    chart(w, model, f);
    const kind = pdfColumns(model, f);
    const label = (r: ReportRow) =>
      r.scope === 'total' ? L.total : r.scope === 'site' && !r.siteId ? L.noSite : r.name;
    const name = (title: string): PdfColumn => ({ label: title, weight: 2.2, align: 'left', text: label });
    if (model.sites.length) table(w, L.bySite, [name(L.site)], kind, model.sites, model.total);
    // A site's own report needs no site column; the whole workspace's does when its cameras have sites.
    const siteColumn: PdfColumn[] =
      model.sites.length && !model.siteName
        ? [{ label: L.site, weight: 1.5, align: 'left', text: (r) => (r.scope === 'camera' ? (r.siteName ?? '') : '') }]
        : [];
    table(w, L.byCamera, [name(L.camera), ...siteColumn], kind, model.cameras, model.total);
  }
  const count = w.pages.length;
  w.pages.forEach((page, i) => {
    const foot = `Vigil · ${L.title[model.kind]} · ${L.page(i + 1, count)}`;
    w.type.draw(page, foot, { x: MARGIN, y: MARGIN - 16, size: 8, color: MUTED });
  });
  return doc.save();
}
