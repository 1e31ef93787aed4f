import { describe, expect, it } from 'vitest';
import { formatMoney, yearlySavingAmount, yearlySavingPercent } from './money.ts';

describe('formatMoney', () => {
  it('writes the currency the language’s way', () => {
    expect(formatMoney(29.5, 'EUR', 'en')).toBe('€29.50');
    // French: comma decimals and the sign after a narrow no-break space.
    expect(formatMoney(29.5, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('29,50 €');
    expect(formatMoney(1290, 'USD', 'en')).toBe('$1,290.00');
  });
  it('keeps a currency without minor units whole', () => {
    expect(formatMoney(5000, 'JPY', 'en')).toBe('¥5,000');
  });
  it('still shows an amount for a code Intl refuses', () => {
    expect(formatMoney(12, 'E1', 'en')).toBe('12\u00a0E1');
  });
});

describe('yearly saving', () => {
  it('is the share of twelve months not paid, rounded down', () => {
    expect(yearlySavingPercent(10, 100)).toBe(16);
    expect(yearlySavingPercent(29, 290)).toBe(16);
    expect(yearlySavingAmount(29, 290)).toBe(58);
  });
  it('is nothing for a free plan or a yearly price above twelve months', () => {
    expect(yearlySavingPercent(0, 0)).toBe(0);
    expect(yearlySavingPercent(10, 130)).toBe(0);
    expect(yearlySavingAmount(10, 130)).toBe(0);
  });
});
