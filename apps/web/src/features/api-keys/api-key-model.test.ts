import { describe, expect, it } from 'vitest';
import { expiryFromDate } from './api-key-model.ts';
import { todayIn } from '../../lib/local-time.ts';

describe('API key expiry', () => {
  const now = Date.parse('2026-03-10T22:30:00Z');

  it('ends with the chosen day in the user’s timezone', () => {
    expect(expiryFromDate('2026-04-01', 'Europe/Paris', now)).toBe('2026-04-01T21:59:59.000Z');
    expect(expiryFromDate('2026-04-01', 'UTC', now)).toBe('2026-04-01T23:59:59.000Z');
  });

  it('refuses a day that is over, and reads nothing from an empty field', () => {
    // 23:30 in Paris: the 10th is nearly over, still allowed; the 9th is past.
    expect(expiryFromDate('2026-03-10', 'Europe/Paris', now)).toBe('2026-03-10T22:59:59.000Z');
    expect(expiryFromDate('2026-03-09', 'Europe/Paris', now)).toBe('past');
    expect(expiryFromDate('', 'Europe/Paris', now)).toBeNull();
  });

  it('offers today in the user’s timezone as the earliest day', () => {
    expect(todayIn('Europe/Paris', now)).toBe('2026-03-10');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-03-11');
  });
});
