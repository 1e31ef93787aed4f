import type { Schedule } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useCreateSchedule, useUpdateSchedule } from '../api.ts';
import {
  type PresetId,
  type ScheduleForm,
  emptyForm,
  formOf,
  formProblems,
  hasProblems,
  holidayOf,
  presetRanges,
  rangeOf,
  rangeRow,
  serverFieldErrors,
  serverMessageKey,
} from '../schedule-model.ts';
import { HolidaysEditor } from './holidays-editor.tsx';
import { RangesEditor } from './ranges-editor.tsx';

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The schedule being edited; absent when creating. */
  schedule?: Schedule | undefined;
  timeZone: string;
  today: string;
}

const RANGE_KEYS = {
  missing: 'schedules.error.missing',
  inverted: 'schedules.error.inverted',
  overlap: 'schedules.error.overlap',
};
const HOLIDAY_KEYS = { missing: 'schedules.error.missingDates', inverted: 'schedules.error.holidayInverted' };

/** Create or edit a schedule. Checks run on Save (and again on each change after that); the server has the last word. */
export function ScheduleDialog({ open, onOpenChange, schedule, timeZone, today }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const [form, setForm] = useState<ScheduleForm>(() => (schedule ? formOf(schedule) : emptyForm()));
  const [checked, setChecked] = useState(false);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const apiFailure = failure instanceof ApiError ? failure : null;
  const server = serverFieldErrors(apiFailure?.code === 'invalid-argument' ? apiFailure.fields : undefined);
  const serverText = (message: string) => {
    const key = serverMessageKey(message);
    return key ? t(key) : message;
  };

  const problems = formProblems(form);
  const rangeErrors = new Map<number, string>();
  for (const [i, m] of server.rangeRows) rangeErrors.set(i, serverText(m));
  const holidayErrors = new Map<number, string>();
  for (const [i, m] of server.holidayRows) holidayErrors.set(i, serverText(m));
  if (checked) {
    for (const [i, p] of problems.ranges) rangeErrors.set(i, t(RANGE_KEYS[p]));
    for (const [i, p] of problems.holidays) holidayErrors.set(i, t(HOLIDAY_KEYS[p]));
  }
  const nameError = checked && problems.name ? t('schedules.error.name') : server.name && serverText(server.name);

  const change = (patch: Partial<ScheduleForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    create.reset();
    update.reset();
  };
  const preset = (id: PresetId) => change({ ranges: presetRanges(id).map(rangeRow) });

  const done = () => {
    toast({ kind: 'success', text: t('schedules.saved') });
    onOpenChange(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (hasProblems(problems)) return;
    const input = { name: form.name.trim(), ranges: form.ranges.map(rangeOf), holidays: form.holidays.map(holidayOf) };
    if (schedule) update.mutate({ id: schedule.id, patch: input }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  };

  const otherFailure = apiFailure && !(apiFailure.code === 'invalid-argument' && apiFailure.fields);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(schedule ? 'schedules.form.editTitle' : 'schedules.form.addTitle')}
      description={t('schedules.form.description', { tz: timeZone })}
      width="max-w-2xl"
    >
      <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
        <TextField
          label={t('schedules.form.name')}
          value={form.name}
          maxLength={80}
          onChange={(e) => change({ name: e.target.value })}
          error={nameError || undefined}
          required
        />
        <RangesEditor
          rows={form.ranges}
          onChange={(ranges) => change({ ranges })}
          onPreset={preset}
          errors={rangeErrors}
          error={server.ranges && serverText(server.ranges)}
        />
        <HolidaysEditor
          rows={form.holidays}
          onChange={(holidays) => change({ holidays })}
          today={today}
          errors={holidayErrors}
          error={server.holidays && serverText(server.holidays)}
        />
        <div aria-live="polite">
          {checked && hasProblems(problems) && <Banner tone="error">{t('schedules.form.fix')}</Banner>}
          {otherFailure && <Banner tone="error">{errorText(apiFailure)}</Banner>}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('schedules.cancel')}</Button>
          </DialogClose>
          <Button type="submit" busy={saving}>
            {t('schedules.form.save')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
