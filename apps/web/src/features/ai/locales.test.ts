import { describe, expect, it } from 'vitest';
import { translationGaps } from '../../lib/translation-gaps.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe('AI strings', () => {
  it('French has exactly the English keys, none empty, the same placeholders', () => {
    expect(translationGaps(en, fr)).toEqual([]);
  });
});
