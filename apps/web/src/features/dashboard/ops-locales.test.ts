import { describe, expect, it } from 'vitest';
import { translationGaps } from '../../lib/translation-gaps.ts';
import en from './locales/ops-en.json';
import fr from './locales/ops-fr.json';

describe('operator and viewer dashboard strings', () => {
  it('French has exactly the English keys with the same placeholders, none empty', () => {
    expect(translationGaps(en, fr)).toEqual([]);
  });
});
