import { AUDIT_ACTIONS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { ACTION_GROUPS } from './audit-model.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe('audit log strings', () => {
  it('French has exactly the English keys, none empty', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const dict of [en, fr] as Record<string, string>[]) {
      for (const [k, v] of Object.entries(dict)) expect(v.trim(), k).not.toBe('');
    }
  });

  it('words every action the server records and every filter group', () => {
    const keys = Object.keys(en);
    for (const a of AUDIT_ACTIONS) expect(keys, a).toContain(`audit.action.${a}`);
    for (const g of ACTION_GROUPS) expect(keys, g).toContain(`audit.group.${g}`);
  });
});
