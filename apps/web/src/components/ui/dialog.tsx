import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button.tsx';

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
