type Dict = Record<string, string>;

const placeholders = (s: string) =>
  [...s.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/**
 * Where a translation falls short of the English it translates, one line a problem: a key missing
 * or extra, a value left empty (in either), or other {{placeholders}} than the English has (the
 * sentence would lose a figure). Empty when the two agree; the locale tests of features expect that.
 */
export function translationGaps(en: Dict, other: Dict): string[] {
  const gaps: string[] = [];
  for (const key of Object.keys(other)) if (!(key in en)) gaps.push(`extra: ${key}`);
  for (const [key, text] of Object.entries(en)) {
    const translated = other[key];
    if (translated === undefined) gaps.push(`missing: ${key}`);
    else if (!text.trim() || !translated.trim()) gaps.push(`empty: ${key}`);
    else if (placeholders(text) !== placeholders(translated)) gaps.push(`placeholders: ${key}`);
  }
  return gaps;
}
