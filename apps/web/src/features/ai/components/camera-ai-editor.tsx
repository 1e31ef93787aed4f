import {
  AI_DEFAULT_LABELS,
  AI_DETECTORS,
  type AiLabel,
  COCO_LABELS,
  type Camera,
  type CameraAiSettings,
  cameraAiSettingsOf,
} from '@vigil/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { cn } from '../../../lib/cn.ts';
import { formatPercent } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSaveCameraAi } from '../api.ts';

export type AiCamera = Camera & { ai?: Partial<CameraAiSettings> | null };

const checkbox =
  'h-4 w-4 shrink-0 rounded border-line accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** A list of labelled checkboxes (a fieldset with its legend). */
function CheckList({
  legend,
  help,
  items,
  checked,
  onToggle,
  name,
  testId,
}: {
  legend: string;
  help?: string;
  items: readonly { value: string; label: string }[];
  checked: readonly string[];
  onToggle(value: string, on: boolean): void;
  name: string;
  testId?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      {help && <p className="text-xs text-muted">{help}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {items.map((it) => (
          <label key={it.value} className="flex min-h-6 items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              name={name}
              value={it.value}
              className={checkbox}
              checked={checked.includes(it.value)}
              onChange={(e) => onToggle(it.value, e.target.checked)}
            />
            {it.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One camera's AI settings: on or off, the detector, the objects it looks for (the common ones
 * first, the other COCO objects behind a filter), the minimum confidence, the objects that alert,
 * and the motion zones in which each object counts.
 */
export function CameraAiEditor({ camera, codeprojectReady }: { camera: AiCamera; codeprojectReady: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveCameraAi();
  const id = useId();
  const [s, setS] = useState<CameraAiSettings>(() => cameraAiSettingsOf(camera.ai));
  const [filter, setFilter] = useState('');
  const labelName = (l: string) => t(`ai.label.${l}`, { defaultValue: l });
  const zones = (camera.motion?.zones ?? []).map((z) => z.name);

  const setLabels = (label: AiLabel, on: boolean) =>
    setS((cur) => {
      const labels = on ? [...new Set([...cur.labels, label])] : cur.labels.filter((l) => l !== label);
      const labelZones = { ...cur.labelZones };
      if (!on) delete labelZones[label];
      return { ...cur, labels, alertLabels: cur.alertLabels.filter((l) => labels.includes(l)), labelZones };
    });
  const common = AI_DEFAULT_LABELS.map((l) => ({ value: l, label: labelName(l) }));
  const others = COCO_LABELS.filter((l) => !AI_DEFAULT_LABELS.includes(l))
    .map((l) => ({ value: l, label: labelName(l) }))
    .filter((it) => !filter.trim() || it.label.toLowerCase().includes(filter.trim().toLowerCase()))
    .sort((a, b) => a.label.localeCompare(b.label, lng));
  const chosen = s.labels.map((l) => ({ value: l, label: labelName(l) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { cameraId: camera.id, ai: s },
      { onSuccess: () => toast({ kind: 'success', text: t('ai.cam.saved', { name: camera.name }) }) },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="ai-camera-editor">
      <SwitchField
        label={t('ai.cam.enabled', { name: camera.name })}
        checked={s.enabled}
        onCheckedChange={(enabled) => setS({ ...s, enabled })}
      />
      <div className={cn('flex flex-col gap-4', !s.enabled && 'opacity-80')}>
        <SelectField
          label={t('ai.cam.provider')}
          value={s.provider}
          onChange={(e) => setS({ ...s, provider: e.target.value as CameraAiSettings['provider'] })}
          options={AI_DETECTORS.filter((d) => d === 'local' || codeprojectReady || s.provider === d).map((d) => ({
            value: d,
            label: t(`ai.cam.provider.${d}`),
          }))}
        />
        <CheckList
          legend={t('ai.cam.labels')}
          help={t('ai.cam.labelsHelp')}
          items={common}
          checked={s.labels}
          onToggle={(v, on) => setLabels(v as AiLabel, on)}
          name={`${id}-labels`}
          testId="ai-labels"
        />
        <details className="rounded-md border border-line p-3">
          <summary className="cursor-pointer rounded text-sm font-medium text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
            {t('ai.cam.more')} ({COCO_LABELS.length - AI_DEFAULT_LABELS.length})
          </summary>
          <div className="mt-3 flex flex-col gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium text-fg">
              {t('ai.cam.filter')}
              <input type="search" className={inputClass} value={filter} onChange={(e) => setFilter(e.target.value)} />
            </label>
            <div className="max-h-56 overflow-auto">
              <CheckList
                legend={t('ai.cam.more')}
                items={others}
                checked={s.labels}
                onToggle={(v, on) => setLabels(v as AiLabel, on)}
                name={`${id}-more`}
              />
            </div>
          </div>
        </details>
        <label className="flex flex-col gap-1 text-sm font-medium text-fg" htmlFor={`${id}-score`}>
          <span className="flex justify-between gap-2">
            {t('ai.cam.minScore')}
            <output htmlFor={`${id}-score`} className="font-normal text-muted">
              {formatPercent(s.minScore, lng, 0)}
            </output>
          </span>
          <input
            id={`${id}-score`}
            type="range"
            min={0.05}
            max={0.95}
            step={0.05}
            value={s.minScore}
            aria-valuetext={formatPercent(s.minScore, lng, 0)}
            onChange={(e) => setS({ ...s, minScore: Number(e.target.value) })}
            className="w-full accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            data-testid="ai-min-score"
          />
        </label>
        {chosen.length > 0 && (
          <CheckList
            legend={t('ai.cam.alertLabels')}
            help={t('ai.cam.alertHelp')}
            items={chosen}
            checked={s.alertLabels}
            onToggle={(v, on) =>
              setS({
                ...s,
                alertLabels: on ? [...new Set([...s.alertLabels, v as AiLabel])] : s.alertLabels.filter((l) => l !== v),
              })
            }
            name={`${id}-alert`}
            testId="ai-alert-labels"
          />
        )}
        <div className="flex flex-col gap-2" data-testid="ai-label-zones">
          <h4 className="text-sm font-medium text-fg">{t('ai.cam.zones')}</h4>
          {zones.length === 0 ? (
            <p className="text-xs text-muted">{t('ai.cam.noZones')}</p>
          ) : (
            <>
              <p className="text-xs text-muted">{t('ai.cam.zonesHelp')}</p>
              {s.labels.map((label) => (
                <CheckList
                  key={label}
                  legend={t('ai.cam.zonesFor', { label: labelName(label) })}
                  items={zones.map((z) => ({ value: z, label: z }))}
                  checked={s.labelZones[label] ?? []}
                  onToggle={(zone, on) => {
                    const cur = s.labelZones[label] ?? [];
                    const next = on ? [...new Set([...cur, zone])] : cur.filter((z) => z !== zone);
                    const labelZones = { ...s.labelZones };
                    if (next.length) labelZones[label] = next;
                    else delete labelZones[label];
                    setS({ ...s, labelZones });
                  }}
                  name={`${id}-zones-${label}`}
                />
              ))}
            </>
          )}
        </div>
        <SwitchField
          label={t('ai.cam.describe')}
          checked={s.describe}
          onCheckedChange={(describe) => setS({ ...s, describe })}
        />
      </div>
      {save.error ? <Banner tone="error">{errorText(save.error)}</Banner> : null}
      <div>
        <Button type="submit" busy={save.isPending}>
          {t('ai.cam.save', { name: camera.name })}
        </Button>
      </div>
    </form>
  );
}
