/**
 * What an SMS costs before it is sent: its encoding (GSM-7 when every character is in the GSM
 * 03.38 alphabet, else UCS-2), its length in the units the network counts, and its segments.
 * Also the templates' variables. Pure: the server renders and logs with it, the web editor counts
 * live with the same code.
 */

/** GSM 03.38 basic set: one septet each (the escape 0x1B itself is not a character of text). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: reached through the escape, so two septets each. */
const GSM_EXTENDED = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7, an extension character counts 2) or UTF-16 code units (UCS-2). */
  units: number;
  /** Characters as people count them (code points). */
  characters: number;
  segments: number;
  /** Units one segment holds at this length: 160/153 (GSM-7) or 70/67 (UCS-2). */
  perSegment: number;
  /** Units left in the last segment before another one starts. */
  remaining: number;
}

/** Septets per character, or 0 when the character is outside GSM-7. */
function gsmCost(ch: string): 0 | 1 | 2 {
  if (GSM_BASIC.has(ch)) return 1;
  if (GSM_EXTENDED.has(ch)) return 2;
  return 0;
}

export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (gsmCost(ch) === 0) return 'UCS-2';
  return 'GSM-7';
}

/**
 * Segments of a concatenated message: a single one holds 160 septets (70 UCS-2 units); once split,
 * each holds 153 (67) for the concatenation header. A character never straddles two segments: an
 * escaped GSM character (2 septets) and a surrogate pair (2 UTF-16 units) move whole to the next one,
 * as phones and carriers split them.
 */
export function smsCount(text: string): SmsCount {
  const encoding = smsEncoding(text);
  const costs = [...text].map((ch) => (encoding === 'GSM-7' ? gsmCost(ch) : ch.length));
  const units = costs.reduce((a, b) => a + b, 0);
  const single = encoding === 'GSM-7' ? 160 : 70;
  const multi = encoding === 'GSM-7' ? 153 : 67;
  const base = { encoding, units, characters: costs.length };
  if (units === 0) return { ...base, segments: 0, perSegment: single, remaining: single };
  if (units <= single) return { ...base, segments: 1, perSegment: single, remaining: single - units };
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > multi) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { ...base, segments, perSegment: multi, remaining: multi - used };
}

/** The variables a template may use. */
export const SMS_VARIABLES = ['camera', 'kind', 'time', 'link'] as const;
export type SmsVariable = (typeof SMS_VARIABLES)[number];
export type SmsValues = Record<SmsVariable, string>;

const PLACEHOLDER = /\{([^{}]*)\}/g;
const known = new Set<string>(SMS_VARIABLES);

/** The `{names}` of a template that are not variables (in order, once each): a template with any is refused. */
export function unknownVariables(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    if (!known.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The template with each variable replaced by its value (anything else left as written). */
export function renderSms(template: string, values: SmsValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    known.has(name) ? values[name as SmsVariable] : whole,
  );
}

/** The template a workspace starts with: GSM-7 only, one segment with a typical link. */
export const DEFAULT_SMS_TEMPLATE = 'Vigil: {kind} on {camera} at {time}. {link}';
