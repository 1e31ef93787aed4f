import { useEffect, useState } from 'react';
import type { CsvCheck } from './import-model.ts';

let loading: Promise<CsvCheck> | undefined;

/**
 * The CSV check, loaded when a CSV is first typed or pasted: it validates each line with the
 * camera contract's schemas, which bring zod (about 26 KB gzip) to a page that otherwise has none.
 */
function loadCsvCheck(): Promise<CsvCheck> {
  loading ??= import('@vigil/shared/camera-import-csv').then((m) => m.checkImportCsv);
  return loading;
}

/** The check once there is a CSV to check and the check has loaded; null before. */
export function useCsvCheck(csv: string): CsvCheck | null {
  const [check, setCheck] = useState<{ run: CsvCheck } | null>(null);
  const wanted = csv.trim() !== '';
  useEffect(() => {
    if (!wanted || check) return;
    let live = true;
    loadCsvCheck().then((run) => live && setCheck({ run }));
    return () => {
      live = false;
    };
  }, [wanted, check]);
  return check?.run ?? null;
}
