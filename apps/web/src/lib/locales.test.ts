import { ROUTES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import appEn from './locales/en.json';
import appFr from './locales/fr.json';
import firstEn from './locales/first/en.json';
import firstFr from './locales/first/fr.json';

const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const keys = (dict: Record<string, string>) => new Set(Object.keys(dict).map(base));
// The landing's first render ships its strings in the first chunk; the app loads the rest with itself.
const en: Record<string, string> = { ...firstEn, ...appEn };
const fr: Record<string, string> = { ...firstFr, ...appFr };

describe('locales', () => {
  it("splits the core strings in two: the landing's first render and the app's, none in both", () => {
    expect(Object.keys(firstEn).filter((k) => k in appEn)).toEqual([]);
    expect(Object.keys(firstFr).filter((k) => k in appFr)).toEqual([]);
    expect([...keys(firstFr)].sort()).toEqual([...keys(firstEn)].sort());
  });

  it('French translates every English key and adds none', () => {
    expect([...keys(fr)].sort()).toEqual([...keys(en)].sort());
  });

  it('no value is empty or left as its key', () => {
    for (const dict of [en, fr] as Record<string, string>[]) {
      for (const [k, v] of Object.entries(dict)) {
        expect(v.trim(), k).not.toBe('');
        expect(v, k).not.toBe(k);
      }
    }
  });

  it('every route of spec §2 has a title in both languages, and app pages a description', () => {
    for (const dict of [en, fr] as Record<string, string>[]) {
      for (const r of ROUTES) {
        expect(dict[r.title], r.title).toBeTruthy();
        if (r.layout !== 'landing' && r.layout !== 'bare') expect(dict[`${r.title}.desc`], r.title).toBeTruthy();
      }
    }
  });

  it('uses the exact accessible names the end-to-end tests rely on', () => {
    expect(en).toMatchObject({
      'auth.email': 'Email',
      'auth.password': 'Password',
      'auth.displayName': 'Display name',
      'auth.signIn': 'Sign in',
      'auth.createAccount': 'Create account',
      'auth.signOut': 'Sign out',
      'connection.connected': 'Preview backend running in this workspace.',
      'connection.disconnected': 'Preview backend disconnected.',
      'trial.daysLeft_other': 'Trial — {{count}} days left',
    });
  });
});

describe('feature locales (features/<x>/locales/*.json)', () => {
  it('French translates every English key of each feature', async () => {
    const { readdirSync, existsSync, readFileSync } = await import('node:fs');
    const dir = new URL('../features/', import.meta.url);
    for (const feature of readdirSync(dir)) {
      const enFile = new URL(`${feature}/locales/en.json`, dir);
      if (!existsSync(enFile)) continue;
      const fEn = JSON.parse(readFileSync(enFile, 'utf8'));
      const fFr = JSON.parse(readFileSync(new URL(`${feature}/locales/fr.json`, dir), 'utf8'));
      expect([...keys(fFr)].sort(), feature).toEqual([...keys(fEn)].sort());
    }
  });
});
