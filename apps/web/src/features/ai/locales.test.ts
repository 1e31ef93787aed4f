import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe('AI strings', () => {
  it('French has exactly the English keys, none empty, the same placeholders', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    const holes = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [k, v] of Object.entries(en as Record<string, string>)) {
      const f = (fr as Record<string, string>)[k]!;
      expect(v.trim(), k).not.toBe('');
      expect(f.trim(), k).not.toBe('');
      expect(holes(f), k).toEqual(holes(v));
    }
  });
});
