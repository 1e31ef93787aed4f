import { PDFDocument, rgb } from 'pdf-lib';
import { DocumentFonts, type Weight } from '../../lib/pdf-fonts.ts';
import { PdfText } from '../../lib/pdf-text.ts';
import type { InvoiceRow } from './billing-rows.ts';

/**
 * A manual invoice as a one-page A4 PDF (pdf-lib: pure JavaScript, Noto fonts embedded and subset
 * so a buyer's or seller's name prints in its own script). Seller and buyer are the ones stored
 * with the invoice when it was issued, so a later change of the seller's address does not rewrite
 * past invoices. A credit note prints the same way with its own number and date, the invoice it
 * takes back and why, and the amounts negative.
 */
export interface CreditNoteOnPdf {
  number: string;
  issuedAt: Date;
  reason: string;
  amountMinor: number;
  taxMinor: number;
  totalMinor: number;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const BOX = A4.width - 2 * MARGIN;

function money(minor: number, currency: string, language: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 10 ** digits);
}

export async function renderInvoicePdf(
  invoice: InvoiceRow,
  o: { planName: string; language: string; instructions: string; creditNote?: CreditNoteOnPdf },
): Promise<Uint8Array> {
  const fr = o.language === 'fr';
  const note = o.creditNote;
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
        creditNote: 'Avoir',
        credits: 'Annule la facture',
        credited: 'Montant crédité',
        reason: { cancellation: 'annulation', refund: 'remboursement' } as Record<string, string>,
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
        creditNote: 'Credit note',
        credits: 'Takes back invoice',
        credited: 'Amount credited',
        reason: { cancellation: 'cancellation', refund: 'refund' } as Record<string, string>,
      };
  const title = note ? L.creditNote : L.title;
  const number = note?.number ?? invoice.number;
  const issuedAt = note?.issuedAt ?? invoice.issuedAt;
  const amounts = note
    ? { amount: -note.amountMinor, tax: -note.taxMinor, total: -note.totalMinor }
    : { amount: invoice.amountMinor, tax: invoice.taxMinor, total: invoice.totalMinor };
  const date = (d: Date) => new Intl.DateTimeFormat(o.language, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${number}`);
  doc.setProducer('Vigil');
  const page = doc.addPage([A4.width, A4.height]);
  const fonts = await DocumentFonts.for(doc);
  const seller = invoice.seller;
  await fonts.need([seller.name, seller.address, seller.taxId, invoice.buyer.name, invoice.buyer.email, o.planName]);
  const type = new PdfText(fonts);
  const regular: Weight = 'regular';
  const bold: Weight = 'bold';
  let y = A4.height - MARGIN;
  // A line of right-to-left text (a buyer's Arabic name) is right-aligned across the page.
  const line = (text: string, opts: { size?: number; font?: Weight; gap?: number } = {}) => {
    const size = opts.size ?? 10;
    type.draw(page, text, { x: MARGIN, y, size, weight: opts.font ?? regular, color: INK, box: BOX });
    y -= opts.gap ?? size + 5;
  };
  const right = (text: string, atY: number, font: Weight = regular, size = 10) =>
    type.draw(page, text, { x: MARGIN, y: atY, size, weight: font, color: INK, box: BOX, align: 'right' });

  line(seller.name || 'Vigil', { size: 16, font: bold, gap: 20 });
  for (const part of seller.address.split('\n').filter(Boolean)) line(part);
  if (seller.taxId) line(`${L.taxId}: ${seller.taxId}`);
  right(`${title} ${number}`, A4.height - MARGIN, bold, 14);
  right(`${L.issued} ${date(issuedAt)}`, A4.height - MARGIN - 20);
  if (note) right(`${L.credits} ${invoice.number} (${L.reason[note.reason] ?? note.reason})`, A4.height - MARGIN - 36);
  y -= 24;
  line(L.billTo, { font: bold });
  line(invoice.buyer.name);
  line(invoice.buyer.email, { gap: 30 });

  const row = (label: string, value: string, font: Weight = regular) => {
    line(label, { font, gap: 0 });
    right(value, y, font);
    y -= 18;
  };
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: A4.width - MARGIN, y: y + 8 }, thickness: 0.5 });
  row(
    `${L.plan}: ${o.planName} (${invoice.interval === 'year' ? (fr ? 'annuel' : 'yearly') : fr ? 'mensuel' : 'monthly'})`,
    money(amounts.amount, invoice.currency, o.language),
  );
  line(`${L.period}: ${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`, { size: 9, gap: 22 });
  row(L.subtotal, money(amounts.amount, invoice.currency, o.language));
  row(
    `${L.tax} (${(invoice.taxRate / 100).toLocaleString(o.language)} %)`,
    money(amounts.tax, invoice.currency, o.language),
  );
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: A4.width - MARGIN, y: y + 8 }, thickness: 0.5 });
  row(L.total, money(amounts.total, invoice.currency, o.language), bold);
  y -= 12;
  if (note) line(`${L.credited}: ${money(note.totalMinor, invoice.currency, o.language)}`, { font: bold });
  else if (invoice.paidAt) line(`${L.paid} ${date(invoice.paidAt)}`, { font: bold });
  else {
    line(`${L.due}: ${money(invoice.totalMinor, invoice.currency, o.language)}`, { font: bold });
    for (const part of o.instructions.split('\n').filter(Boolean)) line(part);
  }
  return doc.save();
}
