import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) setTyped('');
        onOpenChange(o);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-surface p-6 text-fg shadow-xl">
          <DialogPrimitive.Title className="text-lg font-semibold">
            {t(destructive ? 'bulk.apply.deleteTitle' : 'bulk.apply.title', { count })}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-2 text-sm text-muted">
            {t(destructive ? 'bulk.apply.deleteBody' : 'bulk.apply.body', { count, summary })}
          </DialogPrimitive.Description>
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
              <DialogPrimitive.Close asChild>
                <Button variant="secondary">{t('bulk.apply.cancel')}</Button>
              </DialogPrimitive.Close>
              <Button type="submit" variant={destructive ? 'danger' : 'primary'} busy={busy} disabled={!confirmed}>
                {t(destructive ? 'bulk.apply.delete' : 'bulk.apply.confirm', { count })}
              </Button>
            </div>
          </form>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
