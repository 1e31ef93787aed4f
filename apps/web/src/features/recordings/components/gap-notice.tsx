import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { Gap } from '../time-model.ts';

/** A pick landed where nothing was recorded: say so, and offer the next recording instead of jumping to it. */
export function GapNotice({ gap, time, onPlay }: { gap: Gap; time(ms: number): string; onPlay(ms: number): void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md bg-info-bg px-4 py-2 text-sm text-info-fg"
      data-testid="timeline-gap"
    >
      <span>
        {gap.next === null
          ? t('recordings.gapNone', { time: time(gap.at) })
          : t('recordings.gapNext', { time: time(gap.at), next: time(gap.next) })}
      </span>
      {gap.next !== null && (
        <Button variant="secondary" onClick={() => onPlay(gap.next!)}>
          {t('recordings.playFrom', { time: time(gap.next) })}
        </Button>
      )}
    </div>
  );
}
