import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

/**
 * The last look before a bulk change: what, on how many cameras. Deleting asks for the number of
 * cameras typed out, so a filter that caught more than meant is seen before anything goes.
 */
export function ApplyDialog({
  open,
  onOpenChange,
  summary,
  count,
  destructive,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  summary: string;
  count: number;
  destructive: boolean;
  busy: boolean;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const confirmed = !destructive || typed.trim() === String(count);
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setTyped('');
        onOpenChange(o);
      }}
      title={t(destructive ? 'bulk.apply.deleteTitle' : 'bulk.apply.title', { count })}
      description={t(destructive ? 'bulk.apply.deleteBody' : 'bulk.apply.body', { count, summary })}
      width="max-w-md"
    >
      <form
        className="mt-4 grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (confirmed) onConfirm();
        }}
      >
        {destructive && (
          <TextField
            label={t('bulk.apply.typeCount', { count })}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('bulk.apply.cancel')}</Button>
          </DialogClose>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} busy={busy} disabled={!confirmed}>
            {t(destructive ? 'bulk.apply.delete' : 'bulk.apply.confirm', { count })}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
