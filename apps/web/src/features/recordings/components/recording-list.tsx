import type { Recording } from '@vigil/shared';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useProtectRecording } from '../api.ts';
import { formatClock } from '../../../lib/format.ts';

/** The day's recordings: play one from its start; managers protect it from pruning. */
export function RecordingList({
  recordings,
  timeZone,
  canProtect,
  onPlay,
}: {
  recordings: readonly Recording[];
  timeZone: string;
  canProtect: boolean;
  onPlay(ms: number): void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const protect = useProtectRecording();
  const time = (iso: string) => formatClock(Date.parse(iso), timeZone, i18n.language);
  return (
    <section aria-labelledby="recordings-list" className="mt-6">
      <h2 id="recordings-list" className="mb-2 text-lg font-semibold text-fg">
        {t('recordings.list')}
      </h2>
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
        {recordings.map((r) => {
          const range = t('recordings.range', { start: time(r.start), end: time(r.end) });
          const switchId = `protect-${r.id}`;
          return (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
              <button
                type="button"
                className="min-h-10 rounded-md px-2 text-left text-sm font-medium text-fg underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
                onClick={() => onPlay(Date.parse(r.start))}
              >
                {/* The accessible name must contain the visible text (WCAG 2.5.3): prefix, do not replace. */}
                <span className="sr-only">{t('recordings.playFrom', { time: time(r.start) })} </span>
                <span className="tabular-nums">{range}</span>
                <span className="ml-2 text-muted">{t(`recordings.kind.${r.kind}`)}</span>
              </button>
              {canProtect ? (
                <div className="flex items-center gap-2">
                  <label htmlFor={switchId} className="text-sm text-muted">
                    {t('recordings.protect')}
                  </label>
                  <SwitchPrimitive.Root
                    id={switchId}
                    checked={r.protected}
                    disabled={protect.isPending}
                    onCheckedChange={(value) =>
                      protect.mutate(
                        { id: r.id, value },
                        { onError: () => toast({ kind: 'error', text: t('recordings.protectFailed') }) },
                      )
                    }
                    className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-sunken transition-colors data-[state=checked]:bg-primary disabled:opacity-60"
                  >
                    <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-5" />
                  </SwitchPrimitive.Root>
                </div>
              ) : (
                r.protected && <span className="text-sm text-muted">{t('recordings.protected')}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
