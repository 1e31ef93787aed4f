import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Banner } from './banner.tsx';
import { Button, type ButtonVariant } from './button.tsx';
import { Spinner } from './spinner.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  confirmVariant?: ButtonVariant;
  busy?: boolean;
  onConfirm(): void;
}

/** A modal question: Radix traps focus, restores it on close and closes on Escape. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel, cancelLabel, confirmVariant = 'primary' } = props;
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title} description={description} width="max-w-md">
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <DialogPrimitive.Close asChild>
          <Button variant="secondary">{cancelLabel}</Button>
        </DialogPrimitive.Close>
        <Button variant={confirmVariant} busy={props.busy ?? false} onClick={props.onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </FormDialog>
  );
}

export type DialogWidth = 'max-w-md' | 'max-w-xl' | 'max-w-2xl' | 'max-w-3xl';

/**
 * The frame by width: a question (max-w-md) is short and never scrolls; an editor scrolls within
 * the screen, and the widest (a drawing surface) keeps only a thin margin on a phone.
 */
const frameClass: Record<DialogWidth, string> = {
  'max-w-md': 'w-[calc(100vw-2rem)] max-w-md p-6',
  'max-w-xl': 'max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-xl overflow-y-auto p-4 sm:p-6',
  'max-w-2xl': 'max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl overflow-y-auto p-4 sm:p-6',
  'max-w-3xl':
    'max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-3xl overflow-y-auto p-4 sm:max-h-[calc(100dvh-2rem)] sm:p-6',
};

/**
 * A modal that holds a form (an editor): the same focus trap and Escape as ConfirmDialog, a
 * scrolling body that fits a phone, and the caller's own buttons inside its form.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  width = 'max-w-xl',
  onEscapeKeyDown,
  'data-testid': testId,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  width?: DialogWidth;
  /** Lets a dialog keep Escape for itself (ending a drawing) instead of closing. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  'data-testid'?: string;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className={`fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-surface text-fg shadow-xl ${frameClass[width]}`}
          onEscapeKeyDown={onEscapeKeyDown}
          data-testid={testId}
        >
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description
            className={width === 'max-w-md' ? 'mt-2 text-sm text-muted' : 'mt-1 mb-4 text-sm text-muted'}
          >
            {description}
          </DialogPrimitive.Description>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Closes the surrounding dialog (a Cancel button inside a FormDialog's form). */
export const DialogClose = DialogPrimitive.Close;

/**
 * One record opened from a list (?id= in the URL: an event, a task): the whole screen on a phone,
 * a wide modal from sm up. While the record loads, or once it is known to be gone, the dialog
 * still has a title and a way out; then `children` draws it (with a RecordHeader for its title).
 */
export function RecordDialog<T>({
  query,
  onClose,
  testId,
  title,
  notFound,
  closeLabel,
  loadingLabel,
  children,
}: {
  query: { isPending: boolean; isSuccess: boolean; data: T | undefined };
  onClose(): void;
  testId: string;
  /** The title until the record is shown. */
  title: string;
  notFound: string;
  closeLabel: string;
  loadingLabel: string;
  children(record: T): ReactNode;
}) {
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 overflow-y-auto bg-surface p-4 text-fg shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100vw-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:border sm:border-line sm:p-6"
          data-testid={testId}
          aria-describedby={undefined}
        >
          {query.isSuccess ? (
            children(query.data as T)
          ) : (
            <>
              <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
              {query.isPending ? (
                <Spinner label={loadingLabel} />
              ) : (
                <>
                  <Banner tone="error" className="my-4">
                    {notFound}
                  </Banner>
                  <DialogPrimitive.Close asChild>
                    <Button variant="secondary">{closeLabel}</Button>
                  </DialogPrimitive.Close>
                </>
              )}
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A record's title, what stands under it (`children`), and the × that closes the dialog. */
export function RecordHeader({
  title,
  closeLabel,
  children,
}: {
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <DialogPrimitive.Title className="break-words text-lg font-semibold">{title}</DialogPrimitive.Title>
        {children}
      </div>
      <DialogPrimitive.Close asChild>
        <Button variant="ghost" aria-label={closeLabel} className="shrink-0 px-3 text-lg">
          ×
        </Button>
      </DialogPrimitive.Close>
    </div>
  );
}

/** One fact of a record in its <dl>: the name, then the value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}
