import { GETTING_STARTED_STEPS, type GettingStarted, type GettingStartedStep } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { CardLink } from '../card-link.tsx';
import { useToast } from '../../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../../lib/use-error-text.ts';
import { useDismissGettingStarted, useTryTestPattern } from '../../api.ts';

/** Where each step is done. */
const WHERE: Record<GettingStartedStep, string> = {
  camera: '/viewer/cameras',
  live: '/viewer/live',
  alerts: '/viewer/settings',
  team: '/manager/team',
};

/**
 * The first dashboard's checklist: each step is ticked by doing it (the server reads the
 * workspace's real state), never by clicking a box; it can be put away at any time.
 */
export function GettingStartedCard({ state }: { state: GettingStarted }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const dismiss = useDismissGettingStarted();
  const tryPattern = useTryTestPattern();
  const doneCount = GETTING_STARTED_STEPS.filter((s) => state.done[s]).length;
  const onTry = () =>
    tryPattern.mutate(t('gettingStarted.testPatternName'), {
      onSuccess: () => {
        toast({ kind: 'success', text: t('gettingStarted.testPatternAdded') });
        navigate('/viewer/live');
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  return (
    <Card title={t('gettingStarted.title')} className="border-primary">
      <p className="mb-4 text-sm text-muted" data-testid="getting-started-progress">
        {t('gettingStarted.progress', { done: doneCount, total: GETTING_STARTED_STEPS.length })}
      </p>
      <ol className="flex flex-col gap-3" data-testid="getting-started">
        {GETTING_STARTED_STEPS.map((step) => {
          const done = state.done[step];
          return (
            <li key={step} className="flex flex-wrap items-center gap-x-3 gap-y-2" data-step={step} data-done={done}>
              <span
                aria-hidden="true"
                className={
                  done
                    ? 'flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-ok-bg text-ok-fg'
                    : 'h-6 w-6 shrink-0 rounded-full border-2 border-line'
                }
              >
                {done ? '✓' : ''}
              </span>
              <span className={done ? 'min-w-0 flex-1 text-muted line-through' : 'min-w-0 flex-1 text-fg'}>
                {t(`gettingStarted.step.${step}`)}
                <span className="sr-only">{done ? t('gettingStarted.done') : t('gettingStarted.todo')}</span>
              </span>
              {!done && step === 'camera' && (
                <Button onClick={onTry} busy={tryPattern.isPending} data-testid="try-test-pattern">
                  {t('gettingStarted.tryTestPattern')}
                </Button>
              )}
              {!done && <CardLink to={WHERE[step]} label={t(`gettingStarted.go.${step}`)} />}
            </li>
          );
        })}
      </ol>
      <div className="mt-4 flex justify-end">
        <Button
          variant="secondary"
          onClick={() =>
            dismiss.mutate(undefined, { onError: (err) => toast({ kind: 'error', text: errorText(err) }) })
          }
          busy={dismiss.isPending}
          data-testid="getting-started-dismiss"
        >
          {t(doneCount === GETTING_STARTED_STEPS.length ? 'gettingStarted.finish' : 'gettingStarted.dismiss')}
        </Button>
      </div>
    </Card>
  );
}
