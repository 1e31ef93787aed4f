import { describe, expect, it } from 'vitest';
import { instantAt, isDay, keyStep, parseSpans, percentOf, playableFrom, todayIn } from './time-model.ts';

const day = { start: Date.parse('2026-03-09T23:00:00Z'), end: Date.parse('2026-03-10T23:00:00Z') };

describe('recordings time model', () => {
  it('today is the calendar day in the user’s zone', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    expect(todayIn('Europe/Paris', now)).toBe('2026-03-11');
    expect(todayIn('America/New_York', now)).toBe('2026-03-10');
    expect(todayIn('Not/AZone', now)).toBe('2026-03-10');
    expect([isDay('2026-03-10'), isDay('10/03/2026'), isDay(null)]).toEqual([true, false, false]);
  });

  it('maps instants to bar positions and back', () => {
    expect(percentOf(day, day.start)).toBe(0);
    expect(percentOf(day, day.start + 12 * 3600_000)).toBe(50);
    expect(instantAt(day, 50, 100)).toBe(day.start + 12 * 3600_000);
    expect(instantAt(day, -5, 100)).toBe(day.start);
  });

  it('plays from the click, or from the next span when the click falls in a gap', () => {
    const spans = parseSpans([
      { start: '2026-03-10T09:00:00.000Z', end: '2026-03-10T09:10:00.000Z' },
      { start: '2026-03-10T10:00:00.000Z', end: '2026-03-10T10:05:00.000Z' },
    ]);
    const t = (iso: string) => Date.parse(iso);
    expect(playableFrom(spans, t('2026-03-10T09:05:00Z'))).toBe(t('2026-03-10T09:05:00Z'));
    expect(playableFrom(spans, t('2026-03-10T09:30:00Z'))).toBe(t('2026-03-10T10:00:00Z'));
    expect(playableFrom(spans, t('2026-03-10T11:00:00Z'))).toBeNull();
    // A pick just past a span, within the snap distance, plays that span.
    expect(playableFrom(spans, t('2026-03-10T10:06:00Z'), 120_000)).toBe(t('2026-03-10T10:00:00Z'));
    expect(playableFrom(spans, t('2026-03-10T10:06:00Z'), 30_000)).toBeNull();
  });

  it('keys move by 10 s and PageUp/PageDown by 10 min, within the day', () => {
    const v = day.start + 3600_000;
    expect(keyStep('ArrowRight', v, day)).toBe(v + 10_000);
    expect(keyStep('ArrowLeft', v, day)).toBe(v - 10_000);
    expect(keyStep('PageUp', v, day)).toBe(v + 600_000);
    expect(keyStep('PageDown', v, day)).toBe(v - 600_000);
    expect(keyStep('PageDown', day.start + 5000, day)).toBe(day.start);
    expect(keyStep('End', v, day)).toBe(day.end - 1000);
    expect(keyStep('a', v, day)).toBeNull();
  });
});
