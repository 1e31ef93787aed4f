import type { ProbeResult } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { probeErrorKey, probeSummary } from '../form-model.ts';

/** The answer of "Test connection", announced to screen readers as it arrives. */
export function ProbeResultView({ result }: { result: ProbeResult }) {
  const { t } = useTranslation();
  const summary = probeSummary(result);
  const known = result.error ? probeErrorKey(result.error) : null;
  const error = known ? t(known.key, known.params) : (result.error ?? '');
  return (
    <Banner tone={result.ok ? 'success' : 'error'} data-testid="probe-result">
      {t(summary.key, { ...summary.params, error })}
    </Banner>
  );
}
