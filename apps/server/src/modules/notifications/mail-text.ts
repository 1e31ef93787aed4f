import type { EventKind, Language } from '@vigil/shared';

/**
 * The words of notification mails (single alerts and the daily digest) in each person's language,
 * and the pieces both mails share: times in the person's time zone, HTML escaping, the layout.
 * Mails are written by the server, so their strings live here rather than in the web app's locales.
 */
const KINDS: Record<Language, Record<EventKind, string>> = {
  en: {
    motion: 'Motion',
    'camera.offline': 'Camera offline',
    'camera.online': 'Camera back online',
    'recording.gap': 'Recording gap',
    'storage.pruned': 'Storage cleaned up',
    'ai.detection': 'AI detection',
    'camera.tamper': 'Camera tampered with',
  },
  fr: {
    motion: 'Mouvement',
    'camera.offline': 'Caméra hors ligne',
    'camera.online': 'Caméra de nouveau en ligne',
    'recording.gap': 'Interruption d’enregistrement',
    'storage.pruned': 'Stockage nettoyé',
    'ai.detection': 'Détection IA',
    'camera.tamper': 'Caméra sabotée',
  },
};

export const MAIL_TEXT = {
  en: {
    subject: (kind: string, where: string) => `${kind} — ${where}`,
    when: 'When',
    camera: 'Camera',
    zones: 'Zones',
    severity: 'Severity',
    severities: { alert: 'Alert', info: 'Info' },
    view: 'View the event',
    pictureAlt: (where: string) => `Picture from ${where} when the event started`,
    why: (ws: string) => `You receive this email because of the notification rules of ${ws} in Vigil.`,
    unsubscribe: 'Unsubscribe from these emails',
    digestSubject: (date: string, n: number) => `Your Vigil digest for ${date}: ${n} ${n === 1 ? 'event' : 'events'}`,
    digestIntro: (n: number) => `${n} ${n === 1 ? 'event' : 'events'} since your last digest.`,
    perCamera: 'By camera',
    events: 'Events',
    more: (n: number) => `… and ${n} more in the app`,
    openEvents: 'Open the events page',
    digestWhy: 'You receive this daily digest because you chose it in your Vigil notification preferences.',
  },
  fr: {
    subject: (kind: string, where: string) => `${kind} — ${where}`,
    when: 'Quand',
    camera: 'Caméra',
    zones: 'Zones',
    severity: 'Gravité',
    severities: { alert: 'Alerte', info: 'Info' },
    view: 'Voir l’événement',
    pictureAlt: (where: string) => `Image de ${where} au début de l’événement`,
    why: (ws: string) => `Vous recevez cet e-mail en raison des règles de notification de ${ws} dans Vigil.`,
    unsubscribe: 'Se désabonner de ces e-mails',
    digestSubject: (date: string, n: number) =>
      `Votre résumé Vigil du ${date} : ${n} ${n === 1 ? 'événement' : 'événements'}`,
    digestIntro: (n: number) => `${n} ${n === 1 ? 'événement' : 'événements'} depuis votre dernier résumé.`,
    perCamera: 'Par caméra',
    events: 'Événements',
    more: (n: number) => `… et ${n} de plus dans l’application`,
    openEvents: 'Ouvrir la page des événements',
    digestWhy: 'Vous recevez ce résumé quotidien car vous l’avez choisi dans vos préférences de notification Vigil.',
  },
} satisfies Record<Language, unknown>;

export const mailLanguage = (lang: string | undefined): Language => (lang === 'fr' ? 'fr' : 'en');
export const kindLabel = (lang: Language, kind: EventKind): string => KINDS[lang][kind] ?? kind;

const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR' };

/** A moment as the person reads it: their language, their time zone, the zone named. */
export function formatWhen(lang: Language, timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'full',
    timeStyle: 'long',
    timeZone: safeZone(timeZone),
  }).format(at);
}

export function formatTime(lang: Language, timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeStyle: 'short', timeZone: safeZone(timeZone) }).format(at);
}

export function formatDay(lang: Language, timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: safeZone(timeZone) }).format(at);
}

/** A zone Intl does not know (an old preference) falls back to UTC rather than failing the mail. */
function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The one HTML frame of Vigil's mails: inline styles only, since mail clients drop style sheets. */
export function htmlFrame(lang: Language, title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:16px;background:#f4f5f7;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b1f24">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
</div>
<p style="max-width:600px;margin:16px auto 0;font-size:12px;color:#5b6470">${footer}</p>
</body></html>`;
}

export const htmlButton = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1f5fbf;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(label)}</a></p>`;
