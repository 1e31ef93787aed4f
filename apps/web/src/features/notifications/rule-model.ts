import {
  COOLDOWN_MAX_SECONDS,
  type CreateRuleInput,
  type EventKind,
  type EventSeverity,
  type NotificationRule,
  type PersonChannel,
  type RuleRole,
} from '@vigil/shared';

/** The translate function the sentence needs (i18next's `t`, or a test double). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface RuleNames {
  /** Camera id → name; a missing id reads as a deleted camera. */
  cameras: ReadonlyMap<string, string>;
  /** Person id → display name. */
  people: ReadonlyMap<string, string>;
  locale: string;
}

type Sentence = Pick<
  NotificationRule,
  | 'kinds'
  | 'severities'
  | 'cameraIds'
  | 'onlyWhenArmed'
  | 'recipientRoles'
  | 'recipientUserIds'
  | 'channels'
  | 'cooldownSeconds'
>;

/** "a, b and c" / "a, b ou c" in the language shown; older engines get a plain comma list. */
export function joinList(items: readonly string[], locale: string, type: 'conjunction' | 'disjunction'): string {
  try {
    return new Intl.ListFormat(locale, { style: 'long', type }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** "5 min", "1 h", "90 s": the largest whole unit. */
export function durationText(seconds: number, t: Translate, locale: string): string {
  const n = (v: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v);
  if (seconds % 3600 === 0) return t('notifications.duration.h', { n: n(seconds / 3600) });
  if (seconds % 60 === 0) return t('notifications.duration.min', { n: n(seconds / 60) });
  return t('notifications.duration.s', { n: n(seconds) });
}

function whatText(r: Sentence, t: Translate, locale: string): string {
  const sev = r.severities.length === 1 ? (r.severities[0] as EventSeverity) : 'any';
  if (!r.kinds.length) return t(`notifications.sentence.what.${sev}`);
  const kinds = joinList(
    r.kinds.map((k) => t(`notifications.kindLower.${k}`)),
    locale,
    'disjunction',
  );
  return t(`notifications.sentence.whatKinds.${sev}`, { kinds });
}

/** At most a few names, then "and 3 more", so a long rule stays one readable line. */
function someNames(names: string[], t: Translate, locale: string, max = 3): string {
  if (names.length <= max) return joinList(names, locale, 'conjunction');
  const shown = names.slice(0, max);
  return joinList([...shown, t('notifications.sentence.more', { count: names.length - max })], locale, 'conjunction');
}

/**
 * A rule as one sentence, e.g. "Alerts from every camera, always, to owner and managers by push and
 * email; at most one per camera and kind every 5 min" — what the list shows instead of a grid of fields.
 */
export function ruleSentence(r: Sentence, t: Translate, names: RuleNames): string {
  const { locale } = names;
  const cameras = r.cameraIds.length
    ? t('notifications.sentence.cameras', {
        count: r.cameraIds.length,
        cameras: someNames(
          r.cameraIds.map((id) => names.cameras.get(id) ?? t('notifications.deletedCamera')),
          t,
          locale,
        ),
      })
    : t('notifications.sentence.everyCamera');
  const who = [
    ...r.recipientRoles.map((role) => t(`notifications.sentence.role.${role}`)),
    ...r.recipientUserIds.map((id) => names.people.get(id) ?? t('notifications.formerMember')),
  ];
  const sentence = t('notifications.sentence', {
    what: whatText(r, t, locale),
    cameras,
    when: t(r.onlyWhenArmed ? 'notifications.sentence.armed' : 'notifications.sentence.always'),
    who: who.length
      ? t('notifications.sentence.to', { who: someNames(who, t, locale, 4) })
      : t('notifications.sentence.nobody'),
    channels: t('notifications.sentence.by', {
      channels: joinList(
        r.channels.map((c) => t(`notifications.sentence.channel.${c}`)),
        locale,
        'conjunction',
      ),
    }),
    cooldown: r.cooldownSeconds
      ? t('notifications.sentence.cooldown', { duration: durationText(r.cooldownSeconds, t, locale) })
      : t('notifications.sentence.noCooldown'),
  });
  return sentence.charAt(0).toLocaleUpperCase(locale) + sentence.slice(1);
}

/** The cooldown choices offered; anything else is "custom" in minutes. */
export const COOLDOWN_PRESETS = [0, 60, 300, 900, 3600] as const;
export const CUSTOM = 'custom';

export interface RuleForm {
  name: string;
  enabled: boolean;
  kinds: EventKind[];
  severities: EventSeverity[];
  cameraIds: string[];
  onlyWhenArmed: boolean;
  recipientRoles: RuleRole[];
  recipientUserIds: string[];
  channels: PersonChannel[];
  /** A preset's seconds as text, or CUSTOM. */
  cooldown: string;
  customMinutes: string;
}

export function emptyRuleForm(): RuleForm {
  return {
    name: '',
    enabled: true,
    kinds: [],
    severities: ['alert'],
    cameraIds: [],
    onlyWhenArmed: false,
    recipientRoles: ['owner'],
    recipientUserIds: [],
    channels: ['push', 'email'],
    cooldown: '300',
    customMinutes: '',
  };
}

export function ruleFormOf(r: NotificationRule): RuleForm {
  const preset = (COOLDOWN_PRESETS as readonly number[]).includes(r.cooldownSeconds);
  return {
    name: r.name,
    enabled: r.enabled,
    kinds: [...r.kinds],
    severities: [...r.severities],
    cameraIds: [...r.cameraIds],
    onlyWhenArmed: r.onlyWhenArmed,
    recipientRoles: [...r.recipientRoles],
    recipientUserIds: [...r.recipientUserIds],
    channels: [...r.channels],
    cooldown: preset ? String(r.cooldownSeconds) : CUSTOM,
    customMinutes: preset ? '' : String(Math.round((r.cooldownSeconds / 60) * 100) / 100),
  };
}

const MAX_MINUTES = COOLDOWN_MAX_SECONDS / 60;

/** The cooldown in seconds, or null when the custom minutes are not a whole number in range. */
export function cooldownSeconds(f: Pick<RuleForm, 'cooldown' | 'customMinutes'>): number | null {
  if (f.cooldown !== CUSTOM) return Number(f.cooldown);
  const text = f.customMinutes.trim();
  if (!/^\d+$/.test(text)) return null;
  const minutes = Number(text);
  return minutes >= 1 && minutes <= MAX_MINUTES ? minutes * 60 : null;
}

export type RuleField = 'name' | 'severities' | 'channels' | 'recipients' | 'cooldown' | 'cameras' | 'kinds';
export type RuleProblems = Partial<Record<RuleField, string>>;

/** What the browser can say before the server does: the i18n key of each field's problem. */
export function ruleProblems(f: RuleForm): RuleProblems {
  const p: RuleProblems = {};
  if (!f.name.trim()) p.name = 'notifications.error.name';
  if (!f.severities.length) p.severities = 'notifications.error.severities';
  if (!f.channels.length) p.channels = 'notifications.error.channels';
  if (!f.recipientRoles.length && !f.recipientUserIds.length) p.recipients = 'notifications.error.recipients';
  if (cooldownSeconds(f) === null) p.cooldown = 'notifications.error.cooldown';
  return p;
}

/** The request body; call only when ruleProblems is empty. */
export function ruleInputOf(f: RuleForm): CreateRuleInput & { cooldownSeconds: number } {
  return {
    name: f.name.trim(),
    enabled: f.enabled,
    kinds: f.kinds,
    severities: f.severities,
    cameraIds: f.cameraIds,
    onlyWhenArmed: f.onlyWhenArmed,
    recipientRoles: f.recipientRoles,
    recipientUserIds: f.recipientUserIds,
    channels: f.channels,
    cooldownSeconds: cooldownSeconds(f) ?? 0,
  };
}

const SERVER_FIELD: Record<string, RuleField> = {
  name: 'name',
  kinds: 'kinds',
  severities: 'severities',
  cameraIds: 'cameras',
  recipientRoles: 'recipients',
  recipientUserIds: 'recipients',
  channels: 'channels',
  cooldownSeconds: 'cooldown',
};

/** The server's field errors placed at the form's fields (its messages are shown as sent, or translated). */
export function serverRuleProblems(fields: Record<string, string> | undefined): RuleProblems {
  const p: RuleProblems = {};
  for (const [k, why] of Object.entries(fields ?? {})) {
    const field = SERVER_FIELD[k];
    if (field) p[field] ??= why;
  }
  return p;
}

/** Adds or removes one value of a multiple choice, keeping the list's canonical order. */
export function toggle<T extends string>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  const set = new Set(list);
  if (on) set.add(value);
  else set.delete(value);
  return order.filter((v) => set.has(v)).concat([...set].filter((v) => !order.includes(v)));
}
