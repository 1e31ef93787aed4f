import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSetNote } from '../api.ts';

const MAX = 2000;

/** The event's note: operators and up write or clear it; everyone else reads it. */
export function NoteEditor({ id, note, canEdit }: { id: string; note: string | null; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const fieldId = useId();
  const [text, setText] = useState(note ?? '');
  const save = useSetNote();
  if (!canEdit) {
    return (
      <div>
        <h3 className="text-sm font-medium text-fg">{t('events.note')}</h3>
        <p className="mt-1 text-sm whitespace-pre-wrap text-muted" data-testid="event-note">
          {note || t('events.noNote')}
        </p>
      </div>
    );
  }
  const write = (value: string | null) =>
    save.mutate(
      { id, note: value },
      {
        onSuccess: (e) => {
          setText(e.note ?? '');
          toast({ kind: 'success', text: t(value === null ? 'events.noteCleared' : 'events.noteSaved') });
        },
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write(text.trim() ? text.trim() : null);
  };
  const changed = text.trim() !== (note ?? '');
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium text-fg">
        {t('events.note')}
      </label>
      <textarea
        id={fieldId}
        className={`${inputClass} min-h-20`}
        value={text}
        maxLength={MAX}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('events.notePlaceholder')}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant="secondary"
          busy={save.isPending && save.variables?.note !== null}
          disabled={!changed}
        >
          {t('events.saveNote')}
        </Button>
        {note && (
          <Button variant="ghost" busy={save.isPending && save.variables?.note === null} onClick={() => write(null)}>
            {t('events.clearNote')}
          </Button>
        )}
      </div>
    </form>
  );
}
