import { fromMinor } from '@vigil/shared';
import type { InvoiceRow } from './billing-rows.ts';

/** The billing mails (plain text, in the owner's language): trial reminders and renewal invoices. */
interface Owner {
  email: string;
  displayName: string;
  language: string;
  workspaceName: string;
}

const fmtDate = (d: Date, language: string) =>
  `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(d)} UTC`;

export function trialReminderMail(o: Owner & { trialEndDate: Date; upgradeUrl: string }) {
  const when = fmtDate(o.trialEndDate, o.language);
  if (o.language === 'fr')
    return {
      to: o.email,
      subject: `Votre essai Vigil se termine le ${when}`,
      text: `Bonjour ${o.displayName},\n\nL’essai de « ${o.workspaceName} » se termine le ${when}. Ensuite, l’espace passe en lecture seule : le direct et les enregistrements restent visibles, mais plus d’ajout de caméras ni d’export.\n\nChoisissez une offre : ${o.upgradeUrl}\n`,
    };
  return {
    to: o.email,
    subject: `Your Vigil trial ends on ${when}`,
    text: `Hello ${o.displayName},\n\nThe trial of "${o.workspaceName}" ends on ${when}. After that the workspace is read-only: live view and recordings stay visible, but no new cameras or exports.\n\nChoose a plan: ${o.upgradeUrl}\n`,
  };
}

export function renewalMail(o: Owner & { invoice: InvoiceRow; billingUrl: string }) {
  const total = new Intl.NumberFormat(o.language, { style: 'currency', currency: o.invoice.currency }).format(
    fromMinor(o.invoice.totalMinor, o.invoice.currency),
  );
  const from = fmtDate(o.invoice.periodStart, o.language);
  if (o.language === 'fr')
    return {
      to: o.email,
      subject: `Facture ${o.invoice.number} : renouvellement de votre offre`,
      text: `Bonjour ${o.displayName},\n\nLa facture ${o.invoice.number} (${total}) couvre la période qui commence le ${from}. Elle est visible dans Facturation : ${o.billingUrl}\n`,
    };
  return {
    to: o.email,
    subject: `Invoice ${o.invoice.number}: your plan's renewal`,
    text: `Hello ${o.displayName},\n\nInvoice ${o.invoice.number} (${total}) covers the period starting ${from}. It is on your Billing page: ${o.billingUrl}\n`,
  };
}
