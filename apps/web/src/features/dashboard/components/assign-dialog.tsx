import type { TaskAssignee } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';

/** Who may take this alert: members who work tasks and can see its camera. */
export function canTake(m: TaskAssignee, cameraId: string | null): boolean {
  return !cameraId || m.cameraIds === null || m.cameraIds.includes(cameraId);
}

/** "Assign to…": the alert goes to a teammate (or to oneself) chosen from a list. */
export function AssignDialog({
  alertLabel,
  people,
  busy,
  onAssign,
  onClose,
}: {
  alertLabel: string;
  people: TaskAssignee[];
  busy: boolean;
  onAssign(person: TaskAssignee): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(people[0]?.id ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const person = people.find((p) => p.id === chosen);
    if (person) onAssign(person);
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('ops.queue.assignToLabel')}
      description={alertLabel}
      width="max-w-md"
    >
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <SelectField
          label={t('ops.queue.assignToLabel')}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          options={people.map((p) => ({ value: p.id, label: p.displayName }))}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('ops.help.close')}
          </Button>
          <Button type="submit" busy={busy} disabled={!chosen}>
            {t('ops.queue.assign')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
