import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

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
