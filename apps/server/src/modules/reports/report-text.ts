import type { EventKind, ReportKind } from '@vigil/shared';

/**
 * What a report says, in English and French, and how it writes dates, numbers, sizes and
 * durations: in its language and time zone (the person who asked for it, the site's or the
 * workspace's zone). The PDF, its file name and the scheduled mail read from here.
 */
export type ReportLanguage = 'en' | 'fr';

const EN = {
  /** "Period: …" (French puts a space before the colon). */
  colon: ': ',
  title: {
    uptime: 'Uptime report',
    events: 'Events report',
    storage: 'Storage report',
    alerts: 'Alerts report',
  } satisfies Record<ReportKind, string>,
  workspace: 'Workspace',
  site: 'Site',
  allSites: 'All cameras',
  period: 'Period',
  timeZone: 'Time zone',
  generated: 'Generated',
  cameras: 'Cameras',
  camera: 'Camera',
  bySite: 'By site',
  byCamera: 'By camera',
  total: 'Total',
  noSite: 'No site',
  none: 'No camera to report on.',
  page: (n: number, of: number) => `Page ${n} of ${of}`,
  uptime: 'Uptime',
  downtime: 'Downtime',
  outages: 'Outages',
  longest: 'Longest outage',
  events: 'Events',
  kinds: {
    motion: 'Motion',
    'camera.offline': 'Offline',
    'camera.online': 'Back online',
    'recording.gap': 'Recording gaps',
    'storage.pruned': 'Footage pruned',
    'ai.detection': 'AI detections',
    'camera.tamper': 'Tampering',
  } satisfies Record<EventKind, string>,
  stored: 'Stored now',
  recorded: 'Recorded in period',
  oldest: 'Oldest footage',
  daysKept: 'Days kept',
  retention: 'Retention',
  days: (n: string) => `${n} d`,
  alerts: 'Alerts',
  acknowledged: 'Acknowledged',
  unacknowledged: 'Not acknowledged',
  median: 'Median time to ack.',
  p90: '90th percentile',
  chart: {
    uptime: 'Lowest uptime',
    events: 'Most events',
    storage: 'Most footage stored',
    alerts: 'Most alerts',
  } satisfies Record<ReportKind, string>,
  summary: {
    uptime: (v: string) => `Overall uptime: ${v}`,
    events: (v: string) => `Events in the period: ${v}`,
    storage: (v: string) => `Footage stored now: ${v}`,
    alerts: (v: string) => `Alerts: ${v}`,
  } satisfies Record<ReportKind, (v: string) => string>,
  unit: { s: 's', min: 'min', h: 'h', d: 'd' },
  bytes: ['B', 'KB', 'MB', 'GB', 'TB'],
};

export type ReportLabels = typeof EN;

const FR: ReportLabels = {
  colon: '\u00a0: ',
  title: {
    uptime: 'Rapport de disponibilité',
    events: 'Rapport des événements',
    storage: 'Rapport de stockage',
    alerts: 'Rapport des alertes',
  },
  workspace: 'Espace',
  site: 'Site',
  allSites: 'Toutes les caméras',
  period: 'Période',
  timeZone: 'Fuseau horaire',
  generated: 'Généré le',
  cameras: 'Caméras',
  camera: 'Caméra',
  bySite: 'Par site',
  byCamera: 'Par caméra',
  total: 'Total',
  noSite: 'Sans site',
  none: 'Aucune caméra à présenter.',
  page: (n, of) => `Page ${n} sur ${of}`,
  uptime: 'Disponibilité',
  downtime: 'Indisponibilité',
  outages: 'Coupures',
  longest: 'Plus longue coupure',
  events: 'Événements',
  kinds: {
    motion: 'Mouvement',
    'camera.offline': 'Hors ligne',
    'camera.online': 'De retour',
    'recording.gap': 'Trous d’enregistrement',
    'storage.pruned': 'Vidéo supprimée',
    'ai.detection': 'Détections IA',
    'camera.tamper': 'Sabotages',
  },
  stored: 'Stocké',
  recorded: 'Enregistré sur la période',
  oldest: 'Plus ancienne vidéo',
  daysKept: 'Jours conservés',
  retention: 'Conservation',
  days: (n) => `${n} j`,
  alerts: 'Alertes',
  acknowledged: 'Acquittées',
  unacknowledged: 'Non acquittées',
  median: 'Délai médian d’acquittement',
  p90: '90e centile',
  chart: {
    uptime: 'Disponibilité la plus faible',
    events: 'Le plus d’événements',
    storage: 'Le plus de vidéo stockée',
    alerts: 'Le plus d’alertes',
  },
  summary: {
    uptime: (v) => `Disponibilité globale : ${v}`,
    events: (v) => `Événements sur la période : ${v}`,
    storage: (v) => `Vidéo stockée : ${v}`,
    alerts: (v) => `Alertes : ${v}`,
  },
  unit: { s: 's', min: 'min', h: 'h', d: 'j' },
  bytes: ['o', 'Ko', 'Mo', 'Go', 'To'],
};

export const reportLabels = (language: string): ReportLabels => (language === 'fr' ? FR : EN);

/** The formatters of one report: its language and its zone. */
export function reportFormat(language: string, timeZone: string) {
  const L = reportLabels(language);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone });
  return {
    L,
    integer: (n: number) => integer.format(n),
    number: (n: number) => number.format(n),
    percent: (ratio: number | null) => (ratio === null ? '–' : percent.format(ratio)),
    dateTime: (d: Date) => dateTime.format(d),
    date: (d: Date | null) => (d ? date.format(d) : '–'),
    /** Decimal units (GB = 10^9 bytes, like the plan's maxStorage). */
    bytes(n: number): string {
      let value = Math.max(0, n);
      let i = 0;
      while (value >= 1000 && i < L.bytes.length - 1) {
        value /= 1000;
        i += 1;
      }
      return `${i === 0 ? integer.format(value) : number.format(value)}\u00a0${L.bytes[i]}`;
    },
    /** "45 s", "12 min", "3 h 05 min", "2 d 4 h" (French: "2 j 4 h"). */
    duration(ms: number | null): string {
      if (ms === null) return '–';
      const s = Math.round(Math.max(0, ms) / 1000);
      const { unit } = L;
      if (s < 60) return `${s}\u00a0${unit.s}`;
      const min = Math.floor(s / 60);
      if (min < 60) return `${min}\u00a0${unit.min}`;
      const h = Math.floor(min / 60);
      if (h < 24) return `${h}\u00a0${unit.h} ${String(min % 60).padStart(2, '0')}\u00a0${unit.min}`;
      return `${integer.format(Math.floor(h / 24))}\u00a0${unit.d} ${h % 24}\u00a0${unit.h}`;
    },
  };
}
export type ReportFormatter = ReturnType<typeof reportFormat>;

/** The calendar date of an instant in a zone, YYYY-MM-DD (file names). */
export function isoDateIn(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** `vigil-uptime-2026-03-01_2026-03-31.pdf`: the days it covers in its zone, the last one included. */
export function reportFileName(r: {
  kind: string;
  format: string;
  fromAt: Date;
  toAt: Date;
  timeZone: string;
}): string {
  const last = new Date(Math.max(r.fromAt.getTime(), r.toAt.getTime() - 1));
  return `vigil-${r.kind}-${isoDateIn(r.fromAt, r.timeZone)}_${isoDateIn(last, r.timeZone)}.${r.format}`;
}
