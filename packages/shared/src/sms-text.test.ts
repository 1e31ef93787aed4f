import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATE, renderSms, smsCount, smsEncoding, unknownVariables } from './sms-text.ts';

describe('SMS encoding and segments', () => {
  it('keeps GSM 03.38 text in GSM-7, extension characters counting two septets', () => {
    expect(smsEncoding('Hello @ £5, Ünïcode? no: Ü ö ñ à é Δ')).toBe('UCS-2'); // ï is not GSM
    expect(smsEncoding('Hello @ £5 Ü ö ñ à é ΔΣ ¿¡ §')).toBe('GSM-7');
    const c = smsCount('a€[]');
    expect(c).toMatchObject({ encoding: 'GSM-7', units: 7, characters: 4, segments: 1 });
  });

  it('splits at 160 then 153 septets (GSM-7)', () => {
    expect(smsCount('a'.repeat(160))).toMatchObject({ segments: 1, remaining: 0, perSegment: 160 });
    expect(smsCount('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(smsCount('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsCount('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('never splits an escaped character across segments', () => {
    // 152 septets then €: the escape pair cannot start at 153, so it opens segment 2 (2 septets used there).
    const text = `${'a'.repeat(152)}€${'a'.repeat(10)}`;
    expect(smsCount(text)).toMatchObject({ units: 164, segments: 2, remaining: 153 - 12 });
    // 153 + 153 exactly with the € straddling would be 3 segments, not 2.
    expect(smsCount(`${'a'.repeat(152)}€${'a'.repeat(152)}`).segments).toBe(3);
  });

  it('switches to UCS-2 at the first character outside GSM-7: 70 then 67 UTF-16 units', () => {
    expect(smsCount('Bonjour 😀')).toMatchObject({ encoding: 'UCS-2', units: 10, characters: 9, segments: 1 });
    expect(smsCount(`${'é'.repeat(69)}ç`)).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsCount('ç'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(smsCount('ç'.repeat(134))).toMatchObject({ segments: 2, remaining: 0 });
  });

  it('moves a surrogate pair whole to the next segment', () => {
    // 66 units then an emoji (2 units): 68 > 67, so the emoji starts segment 2.
    expect(smsCount(`${'ç'.repeat(66)}😀${'ç'.repeat(5)}`)).toMatchObject({
      units: 73,
      segments: 2,
      remaining: 67 - 7,
    });
  });

  it('counts nothing for an empty text', () => {
    expect(smsCount('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 0 });
  });
});

describe('SMS templates', () => {
  const values = { camera: 'Front door', kind: 'Motion', time: '10 Mar, 14:05', link: 'https://v.example/e/1' };

  it('renders the four variables', () => {
    expect(renderSms('{camera}: {kind} at {time} {link} {camera}', values)).toBe(
      'Front door: Motion at 10 Mar, 14:05 https://v.example/e/1 Front door',
    );
    expect(unknownVariables(DEFAULT_SMS_TEMPLATE)).toEqual([]);
    expect(smsCount(renderSms(DEFAULT_SMS_TEMPLATE, values))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('names the unknown variables once each, empty and spaced ones included', () => {
    expect(unknownVariables('{camera} {cam} {Camera} {cam} {} { kind }')).toEqual(['cam', 'Camera', '', ' kind ']);
    expect(renderSms('{cam} {camera}', values)).toBe('{cam} Front door');
  });
});
