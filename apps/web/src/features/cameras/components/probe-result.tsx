import type { ProbeResult } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { probeSummary } from '../form-model.ts';
import { failureText } from './failure-text.ts';

/** The answer of "Test connection", announced to screen readers as it arrives. */
export function ProbeResultView({ result }: { result: ProbeResult }) {
  const { t } = useTranslation();
  const summary = probeSummary(result);
  const error = result.error ? failureText(t, result.error) : '';
  return (
    <Banner tone={result.ok ? 'success' : 'error'} data-testid="probe-result">
      {t(summary.key, { ...summary.params, error })}
    </Banner>
  );
}
