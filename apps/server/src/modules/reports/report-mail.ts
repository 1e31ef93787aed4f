import type { ReportKind } from '@vigil/shared';
import { reportFormat } from './report-text.ts';

/**
 * A scheduled report's mail, in the recipient's language: what it covers, the file attached
 * (or, past the attachment limit, only named), and the link to the reports page, where signing
 * in gives the download. No signed download link travels by mail: a forwarded mail opens nothing.
 */
export interface ReportMailInput {
  to: string;
  displayName: string;
  language: string;
  kind: ReportKind;
  workspaceName: string;
  siteName: string | null;
  from: Date;
  to_: Date;
  timeZone: string;
  fileName: string;
  attached: boolean;
  link: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function reportMail(m: ReportMailInput): { to: string; subject: string; text: string; html: string } {
  const f = reportFormat(m.language, m.timeZone);
  const fr = m.language === 'fr';
  const title = f.L.title[m.kind];
  const span = `${f.date(m.from)} – ${f.date(new Date(m.to_.getTime() - 1))}`;
  const where = m.siteName ? `${m.workspaceName} · ${m.siteName}` : m.workspaceName;
  const subject = `${title} · ${where} · ${span}`;
  const lines = fr
    ? [
        `Bonjour ${m.displayName},`,
        '',
        `Voici le ${title.toLowerCase()} de « ${where} » pour la période du ${f.dateTime(m.from)} au ${f.dateTime(m.to_)} (${m.timeZone}).`,
        m.attached
          ? `Le fichier ${m.fileName} est joint à ce message.`
          : `Le fichier ${m.fileName} est trop volumineux pour être joint : téléchargez-le depuis la page des rapports.`,
        '',
        `Tous les rapports : ${m.link}`,
        '',
        'Vous recevez ce message parce qu’un responsable de l’espace vous a ajouté à une programmation de rapport.',
      ]
    : [
        `Hello ${m.displayName},`,
        '',
        `Here is the ${title.toLowerCase()} of "${where}" for ${f.dateTime(m.from)} to ${f.dateTime(m.to_)} (${m.timeZone}).`,
        m.attached
          ? `The file ${m.fileName} is attached.`
          : `The file ${m.fileName} is too large to attach: download it from the reports page.`,
        '',
        `All reports: ${m.link}`,
        '',
        'You receive this because a manager of the workspace added you to a report schedule.',
      ];
  const text = `${lines.join('\n')}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${lines
    .map((l) =>
      l === ''
        ? ''
        : l.includes(m.link)
          ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(l)}</a></p>`
          : `<p>${escapeHtml(l)}</p>`,
    )
    .join('')}</body></html>`;
  return { to: m.to, subject, text, html };
}
