import { describe, expect, it } from 'vitest';
import {
  gapAt,
  instantAt,
  isDay,
  keyStep,
  msPerPixel,
  openingCentre,
  panWindow,
  parseSpans,
  percentOf,
  playableFrom,
  readZoom,
  ticksOf,
  windowAround,
} from './time-model.ts';
import { todayIn } from '../../lib/local-time.ts';

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

describe('timeline zoom and gaps', () => {
  const t = (iso: string) => Date.parse(iso);
  const utcDay = { start: t('2026-03-10T00:00:00Z'), end: t('2026-03-11T00:00:00Z') };

  it('each zoom maps the window onto the bar: 24 h is 80 s a pixel at 1080 px, 10 min is 0.56 s', () => {
    const width = 1080;
    const at = t('2026-03-10T14:35:00Z');
    const per = (zoom: '24h' | '6h' | '1h' | '10m') => msPerPixel(windowAround(utcDay, zoom, at), width);
    expect(per('24h')).toBe(80_000);
    expect(per('6h')).toBe(20_000);
    expect(per('1h')).toBeCloseTo(3333.3, 0);
    expect(per('10m')).toBeCloseTo(555.6, 0);
    // A one-minute recording: under a pixel at 24 h, 108 px at 10 min.
    const win = windowAround(utcDay, '10m', at);
    const px = (ms: number) => (percentOf(win, ms) / 100) * width;
    expect(px(t('2026-03-10T14:36:00Z')) - px(t('2026-03-10T14:35:00Z'))).toBeCloseTo(108, 5);
    // Pixel ↔ time round-trips inside the window.
    expect(instantAt(win, px(t('2026-03-10T14:33:20Z')), width)).toBe(t('2026-03-10T14:33:20Z'));
  });

  it('a zoomed window opens on now (today) or on the latest footage (another day), never at noon', () => {
    const now = t('2026-03-10T08:17:30Z');
    const tenMin = windowAround(utcDay, '10m', openingCentre(utcDay, '10m', now, t('2026-03-10T06:00:00Z')));
    expect(tenMin.start).toBeLessThanOrEqual(now);
    expect(tenMin.end).toBeGreaterThan(now);
    expect(tenMin).toEqual({ start: t('2026-03-10T08:09:00Z'), end: t('2026-03-10T08:19:00Z') });
    const hour = windowAround(utcDay, '1h', openingCentre(utcDay, '1h', now, undefined));
    expect(hour).toEqual({ start: t('2026-03-10T07:19:00Z'), end: t('2026-03-10T08:19:00Z') });
    // Another day (now is outside it): the last recorded second is inside the window.
    const later = t('2026-03-12T10:00:00Z');
    const last = t('2026-03-10T17:42:10Z');
    const past = windowAround(utcDay, '1h', openingCentre(utcDay, '1h', later, last));
    expect(past.start).toBeLessThanOrEqual(last);
    expect(past.end).toBeGreaterThan(last);
    // A day with no footage opens at its start; just after midnight the window stays inside the day.
    expect(windowAround(utcDay, '1h', openingCentre(utcDay, '1h', later, undefined)).start).toBe(utcDay.start);
    expect(windowAround(utcDay, '1h', openingCentre(utcDay, '1h', t('2026-03-10T00:02:00Z'), undefined)).start).toBe(
      utcDay.start,
    );
  });

  it('the window is centred on the playhead, kept inside the day, and pans by half a window', () => {
    expect(windowAround(utcDay, '1h', t('2026-03-10T14:30:00Z'))).toEqual({
      start: t('2026-03-10T14:00:00Z'),
      end: t('2026-03-10T15:00:00Z'),
    });
    expect(windowAround(utcDay, '1h', t('2026-03-10T00:10:00Z')).start).toBe(utcDay.start);
    expect(windowAround(utcDay, '6h', t('2026-03-10T23:50:00Z')).end).toBe(utcDay.end);
    expect(windowAround(utcDay, '24h', t('2026-03-10T14:30:00Z'))).toEqual(utcDay);
    const win = windowAround(utcDay, '1h', t('2026-03-10T14:30:00Z'));
    expect(panWindow(utcDay, win, 1).start).toBe(t('2026-03-10T14:30:00Z'));
    expect(panWindow(utcDay, win, -1).start).toBe(t('2026-03-10T13:30:00Z'));
    expect(panWindow(utcDay, windowAround(utcDay, '1h', utcDay.start), -1).start).toBe(utcDay.start);
    expect(ticksOf(win)).toEqual(['14:00', '14:15', '14:30', '14:45', '15:00'].map((hm) => t(`2026-03-10T${hm}:00Z`)));
    expect(ticksOf(windowAround(utcDay, '10m', t('2026-03-10T14:35:20Z')))).toEqual(
      ['14:30', '14:32', '14:34', '14:36', '14:38', '14:40'].map((hm) => t(`2026-03-10T${hm}:00Z`)),
    );
    expect([readZoom('10m'), readZoom('2h'), readZoom(null)]).toEqual(['10m', '24h', '24h']);
  });

  it('says when a pick lands in a gap, and when the next recording starts', () => {
    const spans = parseSpans([
      { start: '2026-03-10T14:00:00.000Z', end: '2026-03-10T14:10:00.000Z' },
      { start: '2026-03-10T14:40:00.000Z', end: '2026-03-10T14:41:00.000Z' },
    ]);
    expect(gapAt(spans, t('2026-03-10T14:05:00Z'))).toBeNull();
    expect(gapAt(spans, t('2026-03-10T14:32:00Z'))).toEqual({
      at: t('2026-03-10T14:32:00Z'),
      next: t('2026-03-10T14:40:00Z'),
    });
    expect(gapAt(spans, t('2026-03-10T15:00:00Z'))).toEqual({ at: t('2026-03-10T15:00:00Z'), next: null });
    // Within the snap distance (a few pixels) of footage is not a gap.
    expect(gapAt(spans, t('2026-03-10T14:39:00Z'), 120_000)).toBeNull();
    expect(gapAt(spans, t('2026-03-10T14:39:00Z'), 30_000)?.next).toBe(t('2026-03-10T14:40:00Z'));
  });
});
