import { type TaskDetail, TASK_DESCRIPTION_MAX, TASK_PRIORITIES, TASK_TITLE_MAX } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { assigneesQuery, taskCamerasQuery, useCreateTask, useUpdateTask } from '../api.ts';
import { cannotSee, createInput, emptyForm, formOf, formProblems, updateInput, type TaskForm } from '../task-model.ts';

export interface TaskFormDialogProps {
  onClose(): void;
  /** The task being edited; absent when creating. */
  task?: TaskDetail | undefined;
  /** "Create task" on an event: the event and its camera. */
  prefill?: { eventId?: string; cameraId?: string };
  timeZone: string;
  onSaved(task: TaskDetail): void;
}

/** The server's field problems, in the page's words (the server's own when it says something else). */
const SERVER_PROBLEMS: Record<string, string> = {
  'is not a member of this workspace': 'tasks.error.notMember',
  'is a viewer': 'tasks.error.viewer',
  'account is disabled': 'tasks.error.disabled',
  'the assignee cannot see this camera': 'tasks.error.cannotSee',
  'is not the camera of the event': 'tasks.error.notEventCamera',
};

/** Create or edit a task; checks run on Save, the server has the last word (membership, camera access). */
export function TaskFormDialog({ onClose, task, prefill, timeZone, onSaved }: TaskFormDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [initial] = useState<TaskForm>(() => (task ? formOf(task, timeZone) : emptyForm(prefill)));
  const [form, setForm] = useState<TaskForm>(initial);
  const [checked, setChecked] = useState(false);
  const assignees = useQuery(assigneesQuery);
  const cameras = useQuery(taskCamerasQuery);
  const create = useCreateTask();
  const update = useUpdateTask();
  const failure = create.error ?? update.error;
  const apiFailure = failure instanceof ApiError ? failure : null;
  const fields = apiFailure?.code === 'invalid-argument' ? (apiFailure.fields ?? {}) : {};
  const serverText = (field: string) => {
    const m = fields[field];
    if (!m) return undefined;
    return SERVER_PROBLEMS[m] ? t(SERVER_PROBLEMS[m]!) : (apiFailure?.detail ?? m);
  };
  const problems = checked ? formProblems(form, timeZone) : {};

  const change = (patch: Partial<TaskForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    create.reset();
    update.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(formProblems(form, timeZone)).length) return;
    if (task) update.mutate({ id: task.id, patch: updateInput(form, initial, timeZone) }, { onSuccess: onSaved });
    else create.mutate(createInput(form, timeZone), { onSuccess: onSaved });
  };

  const people = assignees.data ?? [];
  const assigneeOptions = [
    { value: '', label: t('tasks.form.nobody') },
    ...people.map((p) => ({
      value: p.id,
      label: `${p.displayName} · ${t(`tasks.role.${p.role}`)}${cannotSee(p, form.cameraId) ? ` — ${t('tasks.form.cannotSee')}` : ''}`,
    })),
    // An assignee no longer offered (removed, now a viewer) stays readable on an edit.
    ...(task?.assignee && !people.some((p) => p.id === task.assignee!.id)
      ? [{ value: task.assignee.id, label: task.assignee.displayName }]
      : []),
  ];
  const cameraOptions = [
    { value: '', label: t('tasks.form.noCamera') },
    ...(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    ...(form.cameraId && cameras.isSuccess && !cameras.data.some((c) => c.id === form.cameraId)
      ? [{ value: form.cameraId, label: task?.camera?.name || t('tasks.form.unknownCamera') }]
      : []),
  ];
  const chosen = people.find((p) => p.id === form.assigneeId);
  const blocked = chosen && cannotSee(chosen, form.cameraId);
  const otherFailure = apiFailure && !(apiFailure.code === 'invalid-argument' && Object.keys(fields).length);

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(task ? 'tasks.form.editTitle' : 'tasks.form.addTitle')}
      description={t('tasks.form.description', { tz: timeZone })}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {form.eventId && !task && <Banner tone="info">{t('tasks.form.fromEvent')}</Banner>}
        <TextField
          label={t('tasks.form.title')}
          value={form.title}
          maxLength={TASK_TITLE_MAX}
          onChange={(e) => change({ title: e.target.value })}
          error={problems.title ? t('tasks.error.title') : serverText('title')}
          required
        />
        <TextareaField
          label={t('tasks.form.details')}
          value={form.description}
          maxLength={TASK_DESCRIPTION_MAX}
          rows={4}
          onChange={(e) => change({ description: e.target.value })}
          error={serverText('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('tasks.form.priority')}
            value={form.priority}
            onChange={(e) => change({ priority: e.target.value as TaskForm['priority'] })}
            options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priority.${p}`) }))}
          />
          <TextField
            type="datetime-local"
            label={t('tasks.form.due')}
            hint={t('tasks.form.dueHint', { tz: timeZone })}
            value={form.due}
            onChange={(e) => change({ due: e.target.value })}
            error={problems.due ? t('tasks.error.due') : serverText('dueAt')}
          />
          <SelectField
            label={t('tasks.form.assignee')}
            value={form.assigneeId}
            onChange={(e) => change({ assigneeId: e.target.value })}
            options={assigneeOptions}
            aria-describedby="task-assignee-problem"
          />
          <SelectField
            label={t('tasks.form.camera')}
            value={form.cameraId}
            onChange={(e) => change({ cameraId: e.target.value })}
            options={cameraOptions}
          />
        </div>
        <div id="task-assignee-problem" aria-live="polite" className="flex flex-col gap-2">
          {blocked && !serverText('assigneeId') && (
            <p className="text-sm text-danger">{t('tasks.error.cannotSeeNamed', { name: chosen.displayName })}</p>
          )}
          {serverText('assigneeId') && <p className="text-sm text-danger">{serverText('assigneeId')}</p>}
          {serverText('cameraId') && <p className="text-sm text-danger">{serverText('cameraId')}</p>}
          {assignees.isError && <Banner tone="error">{errorText(assignees.error)}</Banner>}
          {otherFailure && <Banner tone="error">{errorText(apiFailure)}</Banner>}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('tasks.cancel')}</Button>
          </DialogClose>
          <Button type="submit" busy={create.isPending || update.isPending}>
            {t(task ? 'tasks.form.save' : 'tasks.form.create')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
