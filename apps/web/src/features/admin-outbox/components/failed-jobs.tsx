import type { DeadJob } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { failedJobsQuery, useFailedJobAction } from '../api.ts';
import { RefreshableList } from './refreshable-list.tsx';

/** Job kinds people recognise; an unknown kind shows its own name. */
const KINDS = ['export', 'retention-sweep', 'retention-workspace', 'mail-send', 'mail-retention'] as const;

/**
 * The job queue's dead letters: background work that failed every attempt, with its last error,
 * for an administrator to run again (once the cause is fixed) or to drop.
 */
export function FailedJobs({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(failedJobsQuery);
  const action = useFailedJobAction();
  const toast = useToast();
  const errorText = useErrorText();
  const kind = (job: DeadJob) =>
    (KINDS as readonly string[]).includes(job.task) ? t(`jobs.kind.${job.task}`) : job.task;
  const act = (job: DeadJob, what: 'retry' | 'discard') =>
    action.mutate(
      { id: job.id, action: what },
      {
        onSuccess: () =>
          toast({
            kind: 'success',
            text: t(what === 'retry' ? 'jobs.retried' : 'jobs.discarded', { kind: kind(job) }),
          }),
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );

  return (
    <RefreshableList strings="jobs" query={query} count={query.data?.length ?? 0}>
      <ul className="flex flex-col gap-2" data-testid="failed-jobs">
        {(query.data ?? []).map((job) => (
          <li key={job.id} className="flex flex-col gap-2 rounded-md border border-line p-3 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <span className="font-medium text-fg">{kind(job)}</span>
              <span className="text-xs text-muted">
                {t('jobs.attempts', {
                  attempts: formatNumber(job.attempts, i18n.language),
                  max: formatNumber(job.maxAttempts, i18n.language),
                })}
                {' · '}
                <time dateTime={job.failedAt}>{formatDateTime(job.failedAt, timeZone, i18n.language)}</time>
              </span>
            </div>
            {job.lastError && (
              <p className="break-words text-danger" data-testid="failed-job-error">
                {job.lastError}
              </p>
            )}
            <p className="break-all font-mono text-xs text-muted">{job.payload}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="primary"
                busy={action.isPending && action.variables?.id === job.id && action.variables.action === 'retry'}
                onClick={() => act(job, 'retry')}
                aria-label={t('jobs.retryLabel', { kind: kind(job) })}
              >
                {t('jobs.retry')}
              </Button>
              <Button
                variant="secondary"
                busy={action.isPending && action.variables?.id === job.id && action.variables.action === 'discard'}
                onClick={() => act(job, 'discard')}
                aria-label={t('jobs.discardLabel', { kind: kind(job) })}
              >
                {t('jobs.discard')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </RefreshableList>
  );
}
