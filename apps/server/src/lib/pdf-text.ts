import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { type DocumentFonts, FACES, type Face, type Weight } from './pdf-fonts.ts';

/**
 * Text in any script on a pdf-lib page: each string is cut into runs of one direction and one
 * face, placed in visual order. What is covered of right-to-left text: a string's direction is
 * that of its first strong letter; Hebrew and Arabic runs are laid out right to left (fontkit
 * shapes Arabic joining forms and reverses each run's glyphs), the runs of a right-to-left string
 * are placed right to left, and such a string is right-aligned in the box it is drawn in. Digits
 * and Latin inside a right-to-left string stay left to right. Not covered: the full Unicode bidi
 * algorithm (explicit embeddings, mirrored brackets, numbers' separators).
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const STRONG_LTR = /[\p{L}\p{N}]/u;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;

type Dir = 'ltr' | 'rtl';
export interface Run {
  text: string;
  font: PDFFont;
}
export interface Line {
  runs: Run[];
  dir: Dir;
}

const dirOf = (ch: string): Dir | undefined => (RTL.test(ch) ? 'rtl' : STRONG_LTR.test(ch) ? 'ltr' : undefined);

/** Each character's direction: a neutral takes its neighbours' when both agree, else the string's. */
function directions(chars: string[], base: Dir): Dir[] {
  const strong = chars.map(dirOf);
  return strong.map((d, i) => {
    if (d) return d;
    let before: Dir | undefined;
    for (let j = i - 1; j >= 0 && !before; j--) before = strong[j];
    let after: Dir | undefined;
    for (let j = i + 1; j < chars.length && !after; j++) after = strong[j];
    return before && before === after ? before : base;
  });
}

export class PdfText {
  constructor(
    readonly fonts: DocumentFonts,
    /** Extra points after each space (text extractors glue words set with narrow spaces). */
    private readonly wordSpacing = 0,
  ) {}

  private faceFor(ch: string, dir: Dir, weight: Weight): Face {
    const cp = ch.codePointAt(0)!;
    const usable = (f: Face) => this.fonts.font(f, weight) !== undefined && this.fonts.has(f, weight, cp);
    if (dir === 'rtl') {
      // Spaces and punctuation inside a right-to-left run stay in its face, so the run is shaped whole.
      const script: Face = ARABIC.test(ch) ? 'arabic' : 'hebrew';
      if (RTL.test(ch) && usable(script)) return script;
      for (const f of ['arabic', 'hebrew'] as const) if (usable(f) && !STRONG_LTR.test(ch)) return f;
    }
    return FACES.find(usable) ?? 'latin';
  }

  /** The string as runs in visual order (left to right on the page). */
  layout(text: string, weight: Weight): Line {
    // With word spacing, no-break spaces (Intl's in French numbers and units) become plain ones:
    // the extra spacing goes after plain spaces only, and a line drawn here never wraps anyway.
    const chars = Array.from(text.replace(/[\u00a0\u202f]/g, ' '));
    const first = chars.map(dirOf).find(Boolean) ?? 'ltr';
    const dirs = directions(chars, first);
    // Runs of one direction, then within each, pieces of one face.
    const groups: { dir: Dir; pieces: { face: Face; text: string }[] }[] = [];
    chars.forEach((ch, i) => {
      const dir = dirs[i]!;
      const face = this.faceFor(ch, dir, weight);
      let g = groups.at(-1);
      if (!g || g.dir !== dir) {
        g = { dir, pieces: [] };
        groups.push(g);
      }
      const p = g.pieces.at(-1);
      if (p && p.face === face) p.text += ch;
      else g.pieces.push({ face, text: ch });
    });
    const visual = first === 'rtl' ? groups.reverse() : groups;
    const runs: Run[] = [];
    for (const g of visual) {
      const pieces = g.dir === 'rtl' ? [...g.pieces].reverse() : g.pieces;
      for (const p of pieces) {
        // fontkit reverses a piece written in a right-to-left script; one of neutrals alone it does not.
        const text = g.dir === 'rtl' && !RTL.test(p.text) ? Array.from(p.text).reverse().join('') : p.text;
        runs.push({ text, font: this.fonts.font(p.face, weight) ?? this.fonts.font('latin', weight)! });
      }
    }
    return { runs, dir: first };
  }

  /** Widths at size 1, kept per font: fontkit shapes the text (GSUB/GPOS) for every measure. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  private advance(font: PDFFont, text: string, size: number): number {
    let known = this.widths.get(font);
    if (!known) {
      known = new Map();
      this.widths.set(font, known);
    }
    let w = known.get(text);
    if (w === undefined) {
      w = font.widthOfTextAtSize(text, 1);
      known.set(text, w);
    }
    return w * size;
  }

  private runWidth(run: Run, size: number): number {
    if (!this.wordSpacing) return this.advance(run.font, run.text, size);
    const words = run.text.split(' ');
    const space = this.advance(run.font, ' ', size) + this.wordSpacing;
    return words.reduce((sum, word) => sum + this.advance(run.font, word, size), 0) + space * (words.length - 1);
  }

  width(text: string, size: number, weight: Weight = 'regular'): number {
    return this.layout(text, weight).runs.reduce((sum, r) => sum + this.runWidth(r, size), 0);
  }

  /** The text cut to fit `max` points, ending in "…" when cut (keeping the start of the string). */
  fit(text: string, size: number, max: number, weight: Weight = 'regular'): string {
    if (this.width(text, size, weight) <= max) return text;
    const chars = Array.from(text);
    while (chars.length > 1 && this.width(`${chars.join('')}…`, size, weight) > max) chars.pop();
    return `${chars.join('')}…`;
  }

  /**
   * Draws the text at x (its left edge). With `box` (a width from x), a right-to-left string is
   * right-aligned in it; `align: 'right'` right-aligns any string there.
   */
  draw(
    page: PDFPage,
    text: string,
    o: { x: number; y: number; size: number; weight?: Weight; color?: Color; box?: number; align?: 'left' | 'right' },
  ) {
    const line = this.layout(text, o.weight ?? 'regular');
    const total = line.runs.reduce((sum, r) => sum + this.runWidth(r, o.size), 0);
    let x = o.x;
    if (o.box !== undefined && (o.align === 'right' || line.dir === 'rtl')) x = o.x + o.box - total;
    for (const run of line.runs) {
      if (!this.wordSpacing) {
        page.drawText(run.text, { x, y: o.y, size: o.size, font: run.font, color: o.color });
        x += this.advance(run.font, run.text, o.size);
        continue;
      }
      // Word spacing (Tw) does not apply to two-byte font codes, so each word is placed by hand
      // (right to left for a run fontkit reverses).
      const words = run.text.split(' ');
      if (RTL.test(run.text)) words.reverse();
      const space = this.advance(run.font, ' ', o.size) + this.wordSpacing;
      words.forEach((word, i) => {
        if (word) page.drawText(word, { x, y: o.y, size: o.size, font: run.font, color: o.color });
        x += this.advance(run.font, word, o.size) + (i < words.length - 1 ? space : 0);
      });
    }
  }
}
