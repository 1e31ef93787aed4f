import { CAMERA_IMPORT_MAX_LINES } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useStartImport } from '../api.ts';
import { useCsvCheck } from '../csv-check.ts';
import { CSV_TEMPLATE, previewCsv } from '../import-model.ts';
import { ImportResults } from './import-results.tsx';

/** Paste a CSV: a preview of its lines as typed, then the server's line-by-line report. */
export function CsvTab({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [csv, setCsv] = useState('');
  const [importId, setImportId] = useState<string | null>(null);
  const start = useStartImport(siteId);
  const preview = previewCsv(csv, useCsvCheck(csv));
  const tooMany = preview.lines > CAMERA_IMPORT_MAX_LINES;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate({ csv }, { onSuccess: (r) => setImportId(r.id) });
  };

  return (
    <div className="flex flex-col gap-4">
      <form className="flex flex-col gap-3" onSubmit={submit}>
        <TextareaField
          label={t('cameraImport.csv.label')}
          hint={t('cameraImport.csv.hint', { max: CAMERA_IMPORT_MAX_LINES })}
          value={csv}
          rows={8}
          spellCheck={false}
          placeholder={CSV_TEMPLATE}
          onChange={(e) => {
            setCsv(e.target.value);
            start.reset();
          }}
        />
        {preview.lines > 0 && (
          <p className="text-sm text-muted" aria-live="polite">
            {t('cameraImport.csv.lines', { count: preview.lines })}
            {preview.problems.length > 0 &&
              ` · ${t('cameraImport.csv.problems', {
                count: preview.problems.length,
                lines: preview.problems
                  .slice(0, 10)
                  .map((p) => p.line)
                  .join(', '),
              })}`}
          </p>
        )}
        {tooMany && <Banner tone="warning">{t('cameraImport.csv.tooMany', { max: CAMERA_IMPORT_MAX_LINES })}</Banner>}
        {start.error && <Banner tone="error">{errorText(start.error)}</Banner>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={start.isPending} disabled={preview.lines === 0 || tooMany}>
            {t('cameraImport.csv.submit')}
          </Button>
          <Button variant="secondary" onClick={() => setCsv(CSV_TEMPLATE)}>
            {t('cameraImport.csv.template')}
          </Button>
        </div>
      </form>
      {importId && <ImportResults id={importId} />}
    </div>
  );
}
