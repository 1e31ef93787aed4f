import { type PDFFont, PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { InvoiceRow } from './billing-rows.ts';

/**
 * A manual invoice as a one-page A4 PDF (pdf-lib: pure JavaScript, standard fonts, nothing to
 * install). Seller and buyer are the ones stored with the invoice when it was issued, so a later
 * change of the seller's address does not rewrite past invoices.
 */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

/** The standard fonts speak WinAnsi: any character they cannot encode prints as "?" instead of failing. */
function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

function money(minor: number, currency: string, language: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 10 ** digits);
}

export async function renderInvoicePdf(
  invoice: InvoiceRow,
  o: { planName: string; language: string; instructions: string },
): Promise<Uint8Array> {
  const fr = o.language === 'fr';
  const L = fr
    ? {
        title: 'Facture',
        billTo: 'Facturé à',
        period: 'Période',
        plan: 'Abonnement',
        subtotal: 'Sous-total',
        tax: 'TVA',
        total: 'Total',
        paid: 'Payée le',
        due: 'À payer',
        taxId: 'N° TVA',
        issued: 'Émise le',
      }
    : {
        title: 'Invoice',
        billTo: 'Bill to',
        period: 'Period',
        plan: 'Subscription',
        subtotal: 'Subtotal',
        tax: 'Tax',
        total: 'Total',
        paid: 'Paid on',
        due: 'Amount due',
        taxId: 'Tax ID',
        issued: 'Issued',
      };
  const date = (d: Date) => new Intl.DateTimeFormat(o.language, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  const doc = await PDFDocument.create();
  doc.setTitle(`${L.title} ${invoice.number}`);
  doc.setProducer('Vigil');
  const page = doc.addPage([A4.width, A4.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = A4.height - MARGIN;
  const line = (text: string, opts: { size?: number; font?: PDFFont; x?: number; gap?: number } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    page.drawText(printable(font, text), { x: opts.x ?? MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.12) });
    y -= opts.gap ?? size + 5;
  };
  const right = (text: string, atY: number, font = regular, size = 10) => {
    const t = printable(font, text);
    page.drawText(t, { x: A4.width - MARGIN - font.widthOfTextAtSize(t, size), y: atY, size, font });
  };

  const seller = invoice.seller;
  line(seller.name || 'Vigil', { size: 16, font: bold, gap: 20 });
  for (const part of seller.address.split('\n').filter(Boolean)) line(part);
  if (seller.taxId) line(`${L.taxId}: ${seller.taxId}`);
  right(`${L.title} ${invoice.number}`, A4.height - MARGIN, bold, 14);
  right(`${L.issued} ${date(invoice.issuedAt)}`, A4.height - MARGIN - 20);
  y -= 24;
  line(L.billTo, { font: bold });
  line(invoice.buyer.name);
  line(invoice.buyer.email, { gap: 30 });

  const row = (label: string, value: string, font = regular) => {
    line(label, { font, gap: 0 });
    right(value, y, font);
    y -= 18;
  };
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: A4.width - MARGIN, y: y + 8 }, thickness: 0.5 });
  row(
    `${L.plan}: ${o.planName} (${invoice.interval === 'year' ? (fr ? 'annuel' : 'yearly') : fr ? 'mensuel' : 'monthly'})`,
    money(invoice.amountMinor, invoice.currency, o.language),
  );
  line(`${L.period}: ${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`, { size: 9, gap: 22 });
  row(L.subtotal, money(invoice.amountMinor, invoice.currency, o.language));
  row(
    `${L.tax} (${(invoice.taxRate / 100).toLocaleString(o.language)} %)`,
    money(invoice.taxMinor, invoice.currency, o.language),
  );
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: A4.width - MARGIN, y: y + 8 }, thickness: 0.5 });
  row(L.total, money(invoice.totalMinor, invoice.currency, o.language), bold);
  y -= 12;
  if (invoice.paidAt) line(`${L.paid} ${date(invoice.paidAt)}`, { font: bold });
  else {
    line(`${L.due}: ${money(invoice.totalMinor, invoice.currency, o.language)}`, { font: bold });
    for (const part of o.instructions.split('\n').filter(Boolean)) line(part);
  }
  return doc.save();
}
