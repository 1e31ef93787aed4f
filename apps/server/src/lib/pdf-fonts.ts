import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The Unicode fonts PDFs embed, from npm packages (OFL): Noto Sans (Latin, Cyrillic, Greek),
 * Noto Sans SC (CJK ideographs, kana, hangul), Noto Naskh Arabic and Noto Sans Hebrew, each in
 * regular and bold. All TrueType outlines: pdf-lib's subsetter writes broken CFF (OpenType/OTF)
 * subsets, so the CJK face is the TrueType build rather than the smaller OTF one.
 *
 * The files are read once per process (about 22 MB, the CJK faces being 10.5 MB each); each
 * document embeds only the glyphs it draws, and a face no character needed is not embedded at all.
 */
export type Face = 'latin' | 'cjk' | 'arabic' | 'hebrew';
export type Weight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
/** `@embedpdf/fonts-*` export only their index (dist/), the fonts sit beside it in fonts/. */
const embedpdf = (pkg: string, file: string) => path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);
const notoSansSc = (file: string) =>
  path.join(path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json')), file);

const FILES: Record<Face, Record<Weight, () => string>> = {
  latin: {
    regular: () => embedpdf('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
    bold: () => embedpdf('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
  },
  cjk: {
    regular: () => notoSansSc('400Regular/NotoSansSC_400Regular.ttf'),
    bold: () => notoSansSc('700Bold/NotoSansSC_700Bold.ttf'),
  },
  arabic: {
    regular: () => embedpdf('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'),
    bold: () => embedpdf('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'),
  },
  hebrew: {
    regular: () => embedpdf('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'),
    bold: () => embedpdf('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Bold.ttf'),
  },
};

export const FACES: readonly Face[] = ['latin', 'cjk', 'arabic', 'hebrew'];

/** What the subset fix below touches of fontkit's TrueType subset (not in its published types). */
interface TrueTypeSubset {
  glyf?: Uint8Array[];
  offset?: number;
  _addGlyph?: (gid: number) => number;
  encode: (stream: EncodeStream) => void;
  encodeStream: () => unknown;
}
interface EncodeStream {
  push: (chunk: Uint8Array | null) => boolean;
  end: () => void;
}

/** fontkit's own stream class (the subset's encoder writes to it), taken from the first subset made. */
let EncodeStreamClass: (new () => EncodeStream) | undefined;

/**
 * The subset's bytes, written at once. fontkit hands them over through a browser stream whose
 * "next tick" is a setTimeout, one per glyph: most of a render was spent waiting on timers.
 */
function encodeAtOnce(subset: TrueTypeSubset): EventEmitter {
  const out = new EventEmitter();
  const parts: Uint8Array[] = [];
  try {
    const stream = new EncodeStreamClass!();
    stream.push = (chunk) => {
      if (chunk) parts.push(chunk);
      return true;
    };
    subset.encode(stream);
    stream.end();
    setImmediate(() => {
      for (const part of parts) out.emit('data', part);
      out.emit('end');
    });
  } catch (err) {
    setImmediate(() => out.emit('error', err));
  }
  return out;
}

/**
 * fontkit as pdf-lib uses it, with its TrueType subsetter fixed: it writes the short `loca` format
 * (offsets stored halved) whenever the subset is under 128 KB, yet copies each glyph's bytes as
 * they are, so after a glyph of odd length every offset is off by one and viewers draw nothing
 * for most glyphs (Noto's glyphs are not padded). Each glyph is padded to an even length, as the
 * format requires. Text extraction never noticed: it reads the ToUnicode map, not the outlines.
 */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const subsetSafeFontkit = {
  /**
   * One parsed font per file for the process: pdf-lib would parse it again for every document,
   * and fontkit's tables and glyph cache (most of a render's time) would start cold each time.
   */
  create(data: Uint8Array) {
    const known = parsed.get(data);
    if (known) return known;
    const font = fontkit.create(data);
    parsed.set(data, font);
    // fontkit keeps one glyph object per id with the characters it was first made for, and the
    // subsetter makes a composite's parts with none: once a "…" or "·" was embedded, the "." it is
    // built of had no characters for the rest of the process, so every later PDF mapped its full
    // stops to nothing in the text layer (search, copy, screen readers). The first characters a
    // layout gives such a glyph are kept.
    const getGlyph = font.getGlyph.bind(font) as (id: number, codePoints?: number[]) => { codePoints: number[] };
    (font as unknown as { getGlyph: typeof getGlyph }).getGlyph = (id, codePoints = []) => {
      const glyph = getGlyph(id, codePoints);
      if (glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
      return glyph;
    };
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as unknown as TrueTypeSubset;
      if (!EncodeStreamClass) {
        // The first subset's own stream gives the class; encoding it later costs nothing that matters.
        EncodeStreamClass = (subset.encodeStream() as { constructor: new () => EncodeStream }).constructor;
      }
      subset.encodeStream = () => encodeAtOnce(subset);
      const addGlyph = subset._addGlyph?.bind(subset);
      if (addGlyph)
        subset._addGlyph = (gid: number) => {
          const index = addGlyph(gid);
          const glyf = subset.glyf!;
          const bytes = glyf[index]!;
          if (bytes.length % 2 === 1) {
            // fontkit's bundled Buffer, not Node's: its stream accepts only its own.
            const padded = (bytes.constructor as typeof Buffer).alloc(bytes.length + 1);
            padded.set(bytes);
            glyf[index] = padded;
            subset.offset! += 1;
          }
          return index;
        };
      return subset as unknown as ReturnType<typeof createSubset>;
    };
    return font;
  },
};

interface LoadedFace {
  bytes: Uint8Array;
  /** Parsed once, only to ask which characters the face has. */
  has: (codePoint: number) => boolean;
}

let loading: Promise<Record<Face, Record<Weight, LoadedFace>>> | undefined;

async function loadFace(file: string): Promise<LoadedFace> {
  const bytes = new Uint8Array(await readFile(file));
  const font = fontkit.create(bytes);
  const known = new Map<number, boolean>();
  return {
    bytes,
    has: (cp) => {
      let yes = known.get(cp);
      if (yes === undefined) {
        yes = font.hasGlyphForCodePoint(cp);
        known.set(cp, yes);
      }
      return yes;
    },
  };
}

/**
 * The font with its encodings remembered: fontkit shapes every string it encodes (GSUB/GPOS
 * lookups, most of a render's time) and a report draws the same few words on every row. A glyph
 * keeps its subset id for the document's life, so an encoding once made stays right.
 */
function remembered(font: PDFFont): PDFFont {
  const encodings = new Map<string, ReturnType<PDFFont['encodeText']>>();
  const encode = font.encodeText.bind(font);
  font.encodeText = (text: string) => {
    let hex = encodings.get(text);
    if (!hex) {
      hex = encode(text);
      encodings.set(text, hex);
    }
    return hex;
  };
  return font;
}

/** The font files, read and parsed on first use and kept for the process. */
export function fontFiles(): Promise<Record<Face, Record<Weight, LoadedFace>>> {
  loading ??= (async () => {
    const out = {} as Record<Face, Record<Weight, LoadedFace>>;
    for (const face of FACES) {
      const [regular, bold] = await Promise.all([loadFace(FILES[face].regular()), loadFace(FILES[face].bold())]);
      out[face] = { regular, bold };
    }
    return out;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * A document's fonts: each face embedded (subset) the first time a character needs it. pdf-lib's
 * embedFont is async in name only, so the faces are embedded up front from the strings the caller
 * will draw ({@link DocumentFonts.need}) and any later miss falls back to the embedded ones.
 */
export class DocumentFonts {
  private readonly embedded = new Map<string, PDFFont>();

  constructor(
    private readonly doc: PDFDocument,
    readonly files: Record<Face, Record<Weight, LoadedFace>>,
  ) {
    doc.registerFontkit(subsetSafeFontkit as unknown as typeof fontkit);
  }

  static async for(doc: PDFDocument): Promise<DocumentFonts> {
    return new DocumentFonts(doc, await fontFiles());
  }

  has(face: Face, weight: Weight, codePoint: number): boolean {
    return this.files[face][weight].has(codePoint);
  }

  /** Embeds (once) the faces these strings need, in both weights; Latin always. */
  async need(texts: Iterable<string>): Promise<void> {
    const faces = new Set<Face>(['latin']);
    for (const text of texts)
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        if (this.has('latin', 'regular', cp)) continue;
        const face = FACES.find((f) => this.has(f, 'regular', cp));
        if (face) faces.add(face);
      }
    for (const face of faces)
      for (const weight of ['regular', 'bold'] as const) {
        const key = `${face}/${weight}`;
        if (!this.embedded.has(key))
          this.embedded.set(
            key,
            remembered(await this.doc.embedFont(this.files[face][weight].bytes, { subset: true })),
          );
      }
  }

  /** The embedded font of that face, or undefined when no string needed it. */
  font(face: Face, weight: Weight): PDFFont | undefined {
    return this.embedded.get(`${face}/${weight}`);
  }
}
