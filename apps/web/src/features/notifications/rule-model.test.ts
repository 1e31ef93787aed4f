import { type NotificationRule, createRuleSchema } from '@vigil/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import fr from './locales/fr.json';
import {
  CUSTOM,
  type RuleForm,
  cooldownSeconds,
  emptyRuleForm,
  ruleFormOf,
  ruleInputOf,
  ruleProblems,
  ruleSentence,
  serverRuleProblems,
  toggle,
} from './rule-model.ts';

/** The real strings through a real i18next, as the page uses them (plurals included). */
function translator(lng: 'en' | 'fr') {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { [lng]: { translation: lng === 'en' ? en : fr } },
    lng,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {}) as string;
}

const rule = (over: Partial<NotificationRule> = {}): NotificationRule => ({
  id: 'r1',
  name: 'Alerts',
  enabled: true,
  kinds: [],
  severities: ['alert'],
  cameraIds: [],
  onlyWhenArmed: false,
  recipientUserIds: [],
  recipientRoles: ['owner', 'manager'],
  channels: ['push', 'email'],
  cooldownSeconds: 300,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const names = (locale: string) => ({
  cameras: new Map([
    ['c1', 'Front door'],
    ['c2', 'Garage'],
    ['c3', 'Yard'],
    ['c4', 'Attic'],
  ]),
  people: new Map([['u1', 'Ana']]),
  locale,
});

describe('rule sentence', () => {
  it('reads the default rule the way the issue writes it', () => {
    expect(ruleSentence(rule(), translator('en'), names('en'))).toBe(
      'Alerts from every camera, always, to owner and managers by push and email; at most one per camera and kind every 5\u00a0min',
    );
  });

  it('names kinds, cameras, people and the armed condition', () => {
    const r = rule({
      kinds: ['motion', 'camera.offline'],
      severities: ['alert', 'info'],
      cameraIds: ['c1', 'gone'],
      onlyWhenArmed: true,
      recipientRoles: ['operator'],
      recipientUserIds: ['u1'],
      channels: ['sms'],
      cooldownSeconds: 3600,
    });
    expect(ruleSentence(r, translator('en'), names('en'))).toBe(
      'Motion or camera offline events from Front door and a deleted camera, only while armed, to operators and Ana by SMS; at most one per camera and kind every 1\u00a0h',
    );
  });

  it('shortens long camera lists and says when there is no cooldown', () => {
    const r = rule({ cameraIds: ['c1', 'c2', 'c3', 'c4'], cooldownSeconds: 0, severities: ['info'] });
    expect(ruleSentence(r, translator('en'), names('en'))).toBe(
      'Info events from Front door, Garage, Yard, and 1 more, always, to owner and managers by push and email; no cooldown',
    );
  });

  it('reads in French with French lists and plurals', () => {
    expect(ruleSentence(rule(), translator('fr'), names('fr'))).toBe(
      'Alertes de toutes les caméras, en permanence, pour le propriétaire et les gérants par push et e-mail\u00a0; au plus une par caméra et par type toutes les 5\u00a0min',
    );
    const one = rule({ kinds: ['motion'], cameraIds: ['c2'], cooldownSeconds: 90 });
    expect(ruleSentence(one, translator('fr'), names('fr'))).toContain('Alertes de type mouvement de la caméra Garage');
    expect(ruleSentence(one, translator('fr'), names('fr'))).toContain('toutes les 90\u00a0s');
  });
});

describe('rule form', () => {
  it('round-trips a rule, with a cooldown outside the presets as custom minutes', () => {
    const r = rule({ cooldownSeconds: 1200 });
    const f = ruleFormOf(r);
    expect(f.cooldown).toBe(CUSTOM);
    expect(f.customMinutes).toBe('20');
    const input = ruleInputOf(f);
    expect(input.cooldownSeconds).toBe(1200);
    // What the form sends is what the server accepts.
    expect(createRuleSchema.safeParse(input).success).toBe(true);
    expect(ruleFormOf(rule()).cooldown).toBe('300');
  });

  it('a new rule is valid once named', () => {
    expect(ruleProblems(emptyRuleForm())).toEqual({ name: 'notifications.error.name' });
    const f: RuleForm = { ...emptyRuleForm(), name: 'Night' };
    expect(ruleProblems(f)).toEqual({});
    expect(createRuleSchema.safeParse(ruleInputOf(f)).success).toBe(true);
  });

  it('finds what the server would refuse before sending', () => {
    const f: RuleForm = {
      ...emptyRuleForm(),
      name: 'x',
      severities: [],
      channels: [],
      recipientRoles: [],
      cooldown: CUSTOM,
      customMinutes: '2.5',
    };
    expect(Object.keys(ruleProblems(f)).sort()).toEqual(['channels', 'cooldown', 'recipients', 'severities']);
    expect(cooldownSeconds({ cooldown: CUSTOM, customMinutes: '1441' })).toBeNull();
    expect(cooldownSeconds({ cooldown: CUSTOM, customMinutes: ' 15 ' })).toBe(900);
    expect(cooldownSeconds({ cooldown: '0', customMinutes: '' })).toBe(0);
  });

  it("places the server's field errors at the form's fields", () => {
    expect(
      serverRuleProblems({ cameraIds: 'names a camera that is not in this workspace', recipientRoles: 'choose' }),
    ).toEqual({ cameras: 'names a camera that is not in this workspace', recipients: 'choose' });
    expect(serverRuleProblems(undefined)).toEqual({});
  });

  it('toggles keep the canonical order', () => {
    const order = ['push', 'email', 'sms'] as const;
    expect(toggle(['sms'], 'push', true, order)).toEqual(['push', 'sms']);
    expect(toggle(['push', 'sms'], 'push', false, order)).toEqual(['sms']);
  });
});
