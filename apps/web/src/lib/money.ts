import { formatNumber } from './format.ts';

/**
 * Money on screen: the plan's own currency, written the reader's way (`€29.00`, `29,00 €`).
 * Prices travel in major units (the billing contract), so no conversion happens here.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    // A code Intl does not know (an installation's typo) still shows the amount and the code.
    return `${formatNumber(amount, locale, 2)}\u00a0${currency}`;
  }
}

/**
 * What a year paid at once saves against twelve monthly payments, in whole percent (rounded
 * down, so the page never promises more than the plan gives); 0 when it saves nothing.
 */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  const twelve = monthly * 12;
  if (twelve <= 0 || yearly >= twelve) return 0;
  return Math.floor(((twelve - yearly) / twelve) * 100);
}

/** The amount a yearly payment saves against twelve monthly ones, never negative. */
export function yearlySavingAmount(monthly: number, yearly: number): number {
  return Math.max(0, Math.round((monthly * 12 - yearly) * 100) / 100);
}
