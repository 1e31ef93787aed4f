/** Copies each column's heading onto the body cells below it. */
function labelCells(table: HTMLTableElement): void {
  const heads = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');
  for (const row of Array.from(table.tBodies).flatMap((b) => Array.from(b.rows))) {
    Array.from(row.cells).forEach((cell, i) => {
      const text = heads[i] ?? '';
      if (cell.getAttribute('data-label') !== text) cell.setAttribute('data-label', text);
    });
  }
}

/**
 * A ref for a data table that gives every body cell its column's heading as `data-label`, so a
 * phone shows each row as a card of "label value" lines (the `stack-table` class in index.css)
 * instead of a table to scroll sideways. Rows that arrive later (another page, live updates, a
 * language change) are labelled as they come. A callback ref, so a table shown later is labelled too.
 */
export function cellLabels(table: HTMLTableElement | null): (() => void) | undefined {
  if (!table) return undefined;
  labelCells(table);
  const observer = new MutationObserver(() => labelCells(table));
  observer.observe(table, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
