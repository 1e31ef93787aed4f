import { cameraAiSettingsOf } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { aiCamerasQuery, aiSettingsQuery } from '../api.ts';
import { type AiCamera, CameraAiEditor } from '../components/camera-ai-editor.tsx';
import { ProvidersForm } from '../components/providers-form.tsx';
import { QuotaMeter } from '../components/quota-meter.tsx';
import '../translations.ts';

/**
 * /ai/settings (owners and managers): the detectors (the built-in one, a CodeProject.AI server, a
 * vision model for descriptions), the analyses used this period, and each camera's AI settings.
 * Only someone who can use it gets here (the page gate), so the queries wait only for the session.
 */
export function AiSettingsPage() {
  const { t } = useTranslation();
  const me = useSession().me;
  const errorText = useErrorText();
  const allowed = !!me?.user.aiAccess;
  const settings = useQuery({ ...aiSettingsQuery, enabled: allowed });
  const cameras = useQuery({ ...aiCamerasQuery, enabled: allowed });
  return (
    <>
      <PageHeader title={t('pages.ai.settings')} description={t('ai.settings.desc')} />
      {settings.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : settings.error ? (
        <Banner tone="error">{errorText(settings.error)}</Banner>
      ) : (
        <div className="grid min-w-0 gap-4 lg:grid-cols-2">
          <Card title={t('ai.quota.title')} className="min-w-0 lg:col-span-2">
            <QuotaMeter used={settings.data.usage.used} quota={settings.data.usage.quota} />
          </Card>
          <Card title={t('ai.settings.providers')} className="min-w-0">
            <ProvidersForm settings={settings.data} />
          </Card>
          <Card title={t('ai.settings.cameras')} className="min-w-0">
            {cameras.isPending ? (
              <Spinner label={t('app.loading')} />
            ) : cameras.error ? (
              <Banner tone="error">{errorText(cameras.error)}</Banner>
            ) : cameras.data.length === 0 ? (
              <p className="text-sm text-muted">{t('ai.settings.noCameras')}</p>
            ) : (
              <ul className="flex flex-col gap-3" data-testid="ai-cameras">
                {cameras.data.map((c) => (
                  <CameraRow key={c.id} camera={c} codeprojectReady={!!settings.data.codeproject} />
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </>
  );
}

function CameraRow({ camera, codeprojectReady }: { camera: AiCamera; codeprojectReady: boolean }) {
  const { t, i18n } = useTranslation();
  const s = cameraAiSettingsOf(camera.ai);
  const labels = s.labels.map((l) => t(`ai.label.${l}`, { defaultValue: l })).join(', ');
  return (
    <li className="rounded-md border border-line" data-testid="ai-camera">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 rounded-md p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
          <span className="font-medium text-fg">{camera.name}</span>
          <span className="text-sm text-muted" data-testid="ai-camera-summary">
            {s.enabled
              ? `${t('ai.cam.enabledShort')} · ${t('ai.cam.summary', { labels, score: formatPercent(s.minScore, i18n.language, 0) })}`
              : t('ai.cam.off')}
          </span>
        </summary>
        <div className="border-t border-line p-3">
          <CameraAiEditor camera={camera} codeprojectReady={codeprojectReady} />
        </div>
      </details>
    </li>
  );
}
