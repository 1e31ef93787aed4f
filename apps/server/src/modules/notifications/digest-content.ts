import type { EventKind, Language } from '@vigil/shared';
import { escapeHtml, formatDay, formatTime, htmlButton, htmlFrame, kindLabel, MAIL_TEXT } from './mail-text.ts';

/** At most this many events are listed one by one; the counts per camera cover them all. */
export const DIGEST_MAX_LISTED = 100;

export interface DigestEntry {
  at: Date;
  /** Null: a workspace-wide event (shown under the workspace's name). */
  cameraName: string | null;
  kind: EventKind;
  link: string;
}

export interface DigestMailInput {
  lang: Language;
  timeZone: string;
  now: Date;
  workspaceName: string;
  entries: DigestEntry[];
  eventsPageUrl: string;
  unsubscribeUrl: string;
}

/** The daily digest: how many events per camera, then each event (time, camera, kind, link). */
export function digestMail(i: DigestMailInput): { subject: string; text: string; html: string } {
  const t = MAIL_TEXT[i.lang];
  const n = i.entries.length;
  const subject = t.digestSubject(formatDay(i.lang, i.timeZone, i.now), n);
  const where = (e: DigestEntry) => e.cameraName ?? i.workspaceName;
  const counts = new Map<string, number>();
  for (const e of i.entries) counts.set(where(e), (counts.get(where(e)) ?? 0) + 1);
  const perCamera = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const listed = i.entries.slice(0, DIGEST_MAX_LISTED);
  const rest = n - listed.length;
  const line = (e: DigestEntry) => ({
    time: formatTime(i.lang, i.timeZone, e.at),
    day: formatDay(i.lang, i.timeZone, e.at),
    where: where(e),
    kind: kindLabel(i.lang, e.kind),
  });

  const text = [
    subject,
    '',
    t.digestIntro(n),
    '',
    `${t.perCamera}:`,
    ...perCamera.map(([name, count]) => `  ${name}: ${count}`),
    '',
    `${t.events}:`,
    ...listed.map((e) => {
      const l = line(e);
      return `  ${l.day} ${l.time} — ${l.where} — ${l.kind}\n    ${e.link}`;
    }),
    ...(rest > 0 ? [`  ${t.more(rest)}: ${i.eventsPageUrl}`] : []),
    '',
    `${t.openEvents}: ${i.eventsPageUrl}`,
    '',
    '--',
    t.digestWhy,
    `${t.unsubscribe}: ${i.unsubscribeUrl}`,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top';
  const countRows = perCamera
    .map(([name, count]) => `<tr><td style="${cell}">${escapeHtml(name)}</td><td style="${cell}">${count}</td></tr>`)
    .join('');
  const eventRows = listed
    .map((e) => {
      const l = line(e);
      return `<tr><td style="${cell};white-space:nowrap">${escapeHtml(`${l.day} ${l.time}`)}</td><td style="${cell}">${escapeHtml(l.where)}</td><td style="${cell}"><a href="${escapeHtml(e.link)}">${escapeHtml(l.kind)}</a></td></tr>`;
    })
    .join('');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(t.digestIntro(n))}</p>
<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(t.perCamera)}</h2>
<table role="presentation" style="border-collapse:collapse;font-size:15px">${countRows}</table>
<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(t.events)}</h2>
<table role="presentation" style="border-collapse:collapse;font-size:14px">${eventRows}</table>
${rest > 0 ? `<p><a href="${escapeHtml(i.eventsPageUrl)}">${escapeHtml(t.more(rest))}</a></p>` : ''}
${htmlButton(i.eventsPageUrl, t.openEvents)}`;
  const footer = `${escapeHtml(t.digestWhy)} <a href="${escapeHtml(i.unsubscribeUrl)}" style="color:#5b6470">${escapeHtml(t.unsubscribe)}</a>`;
  return { subject, text, html: htmlFrame(i.lang, subject, body, footer) };
}
