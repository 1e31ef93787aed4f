import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Meter } from '../../../components/ui/progress.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { importKey, importQuery, reportUrl } from '../api.ts';

/** An import's progress and its line-by-line report, polled while the job works. */
export function ImportResults({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const query = useQuery(importQuery(id));
  const data = query.data;
  const queryClient = useQueryClient();
  const finishedWithCameras = (data?.status === 'done' || data?.status === 'failed') && (data?.created ?? 0) > 0;
  // New cameras: whatever the page around shows (its site's cameras, counts) is read again. This
  // feature cannot name the other features' queries, so every query but the imports' own.
  useEffect(() => {
    if (finishedWithCameras) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== importKey[0] });
  }, [finishedWithCameras, queryClient]);
  if (query.error) return <Banner tone="error">{errorText(query.error)}</Banner>;
  if (!data) return null;
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const finished = data.status === 'done' || data.status === 'failed';
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`import-${id}`} data-testid="import-results">
      <h3 id={`import-${id}`} className="text-base font-semibold text-fg">
        {t('cameraImport.results.title')}
      </h3>
      <Meter
        label={t('cameraImport.results.progress')}
        value={data.total ? Math.round((data.processed / data.total) * 100) : 100}
        valueText={t('cameraImport.results.progressValue', { processed: n(data.processed), total: n(data.total) })}
      />
      <p className="text-sm text-fg" role="status">
        {t(`cameraImport.results.status.${data.status}`)}{' '}
        {t('cameraImport.results.summary', { created: n(data.created), failed: n(data.failed) })}
      </p>
      {data.error && <Banner tone="error">{data.error}</Banner>}
      {data.results.length > 0 && (
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="w-full text-left text-sm">
            <thead className="bg-sunken text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('cameraImport.results.line')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('cameraImport.results.name')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('cameraImport.results.result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((r) => (
                <tr key={r.line} className="border-t border-line align-top">
                  <td className="px-3 py-2 tabular-nums text-muted">{n(r.line)}</td>
                  <td className="max-w-40 px-3 py-2 break-words text-fg">
                    {r.name || t('cameraImport.results.unnamed')}
                  </td>
                  <td className="px-3 py-2">
                    {r.ok ? (
                      <span className="font-medium text-ok-fg">✓ {t('cameraImport.results.added')}</span>
                    ) : (
                      <span className="text-error-fg">
                        <span className="font-medium">✗ {t('cameraImport.results.refused')}</span>
                        <span className="block break-words">{r.error}</span>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {finished && (
        <a className="text-sm text-primary underline" href={reportUrl(id)} download>
          {t('cameraImport.results.download')}
        </a>
      )}
    </section>
  );
}
