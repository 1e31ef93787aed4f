import type { Language } from '@vigil/shared';
import type { NotifiedEvent } from '../../lib/delivery-channel.ts';
import { escapeHtml, formatWhen, htmlButton, htmlFrame, kindLabel, MAIL_TEXT } from './mail-text.ts';

export interface NotificationMailInput {
  lang: Language;
  timeZone: string;
  event: NotifiedEvent;
  link: string;
  unsubscribeUrl: string;
  /** The Content-ID of the inline picture, when the mail carries one. */
  pictureCid: string | null;
}

/** One event's mail: subject, plain body and HTML body saying the same things. */
export function notificationMail(i: NotificationMailInput): { subject: string; text: string; html: string } {
  const t = MAIL_TEXT[i.lang];
  const e = i.event;
  const kind = kindLabel(i.lang, e.kind);
  const where = e.cameraName ?? e.workspaceName;
  const when = formatWhen(i.lang, i.timeZone, e.startAt);
  const rows: [string, string][] = [
    [t.when, when],
    ...(e.cameraName ? [[t.camera, e.cameraName] as [string, string]] : []),
    ...(e.zones.length ? [[t.zones, e.zones.join(', ')] as [string, string]] : []),
    [t.severity, t.severities[e.severity]],
  ];
  const subject = t.subject(kind, where);
  const text = [
    subject,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `${t.view}: ${i.link}`,
    '',
    '--',
    t.why(e.workspaceName),
    `${t.unsubscribe}: ${i.unsubscribeUrl}`,
    '',
  ].join('\n');
  const picture = i.pictureCid
    ? `<p style="margin:16px 0"><img src="cid:${escapeHtml(i.pictureCid)}" alt="${escapeHtml(t.pictureAlt(where))}" width="560" style="max-width:100%;height:auto;border-radius:6px"></p>`
    : '';
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;color:#5b6470;font-weight:500">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
${picture}
<table role="presentation" style="border-collapse:collapse;font-size:15px">${table}</table>
${htmlButton(i.link, t.view)}`;
  const footer = `${escapeHtml(t.why(e.workspaceName))} <a href="${escapeHtml(i.unsubscribeUrl)}" style="color:#5b6470">${escapeHtml(t.unsubscribe)}</a>`;
  return { subject, text, html: htmlFrame(i.lang, subject, body, footer) };
}
