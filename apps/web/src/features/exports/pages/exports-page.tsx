import { EXPORT_FORMATS, type ExportFormat, mayExportFootage } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKey } from '../../../lib/errors.ts';
import { TOPIC_EXPORTS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { exportCamerasQuery, exportsKey, exportsQuery, useCreateExport, useDeleteExport } from '../api.ts';
import { ExportItem } from '../components/export-item.tsx';
import { fromLocalInput, toLocalInput } from '../../../lib/local-time.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import '../translations.ts';

const MAX_MS = 3600 * 1000;

const codeOf = (e: unknown) => (e instanceof ApiError ? e.code : 'unknown');

export function ExportsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const session = useSession();
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  // A viewer whose workspace keeps exports to the others sees why there is no form (the server refuses too).
  const mayExport = !session.me || mayExportFootage(session.me.user.role, session.me.workspace);
  const queryClient = useQueryClient();
  // ?cameraId&from&to (ISO) prefill the form, so the recordings page can link here.
  const [params] = useSearchParams();
  const cameras = useQuery(exportCamerasQuery);
  const list = useQuery(exportsQuery);
  const create = useCreateExport();
  const remove = useDeleteExport();
  const initial = (key: string, fallback: number) => {
    const ms = Date.parse(params.get(key) ?? '');
    return toLocalInput(Number.isFinite(ms) ? ms : fallback, timeZone);
  };
  const [cameraId, setCameraId] = useState(params.get('cameraId') ?? '');
  const [from, setFrom] = useState(() => initial('from', Date.now() - 10 * 60 * 1000));
  const [to, setTo] = useState(() => initial('to', Date.now()));
  const [format, setFormat] = useState<ExportFormat>('recorded');
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useRealtimeEvent(TOPIC_EXPORTS, () => void queryClient.invalidateQueries({ queryKey: [...exportsKey, 'list'] }));

  const camera = cameraId || cameras.data?.[0]?.id || '';
  const names = new Map((cameras.data ?? []).map((c) => [c.id, c.name]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const a = fromLocalInput(from, timeZone);
    const b = fromLocalInput(to, timeZone);
    if (a === null || b === null || a >= b) return setFormError(t('exports.badRange'));
    if (b - a > MAX_MS) return setFormError(t('exports.tooLong'));
    setFormError(null);
    create.mutate(
      { cameraId: camera, from: new Date(a).toISOString(), to: new Date(b).toISOString(), format },
      { onSuccess: () => setDone(true) },
    );
  };

  const onDelete = (id: string) => {
    if (window.confirm(t('exports.confirmDelete'))) remove.mutate(id);
  };

  return (
    <>
      <PageHeader title={t('pages.viewer.exports')} description={t('exports.description')} />
      {!mayExport ? (
        <div className="mb-6">
          <Banner tone="info">{t('exports.notAllowed')}</Banner>
        </div>
      ) : cameras.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : cameras.isError ? (
        <Banner tone="error">{t(errorKey(codeOf(cameras.error)))}</Banner>
      ) : cameras.data.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-center text-muted">{t('exports.noCameras')}</p>
      ) : (
        <form onSubmit={submit} className="mb-6 rounded-lg border border-line bg-surface p-4" noValidate>
          <h2 className="mb-3 text-lg font-semibold text-fg">{t('exports.new')}</h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              label={t('exports.camera')}
              value={camera}
              onChange={(e) => setCameraId(e.target.value)}
              options={cameras.data.map((c) => ({ value: c.id, label: c.name }))}
            />
            <TextField
              label={t('exports.from')}
              type="datetime-local"
              step={1}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              hint={t('exports.timeZoneHint', { tz: timeZone })}
              required
            />
            <TextField
              label={t('exports.to')}
              type="datetime-local"
              step={1}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              error={formError ?? undefined}
              required
            />
            <SelectField
              label={t('exports.format')}
              value={format}
              onChange={(e) => setFormat(e.target.value as ExportFormat)}
              options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`exports.format.${f}`) }))}
              aria-describedby="export-format-hint"
            />
          </div>
          <p id="export-format-hint" className="mt-2 text-sm text-muted">
            {t(`exports.formatHint.${format}`)}
          </p>
          {create.isError && (
            <div className="mt-3">
              <Banner tone="error">{errorText(create.error)}</Banner>
            </div>
          )}
          {done && (
            <p className="mt-3 text-sm text-muted" role="status">
              {t('exports.queued')}
            </p>
          )}
          <div className="mt-4">
            <Button type="submit" busy={create.isPending}>
              {t('exports.submit')}
            </Button>
          </div>
        </form>
      )}
      <section aria-labelledby="exports-list">
        <h2 id="exports-list" className="mb-3 text-lg font-semibold text-fg">
          {t('exports.list')}
        </h2>
        {remove.isError && <Banner tone="error">{t('exports.deleteFailed')}</Banner>}
        {list.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : list.isError ? (
          <Banner tone="error">{t(errorKey(codeOf(list.error)))}</Banner>
        ) : list.data.length === 0 ? (
          <p className="text-muted">{t('exports.empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {list.data.map((item) => (
              <ExportItem
                key={item.id}
                item={item}
                cameraName={names.get(item.cameraId) ?? ''}
                timeZone={timeZone}
                onDelete={onDelete}
                deleting={remove.isPending && remove.variables === item.id}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
