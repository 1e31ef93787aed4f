import { NOTIFICATION_DISPLAY_MS } from '@vigil/shared';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { type Toast, ToastContext, type ToastInput } from './toast-context.ts';

const kindClass = {
  success: 'bg-ok-bg text-ok-fg',
  error: 'bg-error-bg text-error-fg',
  info: 'bg-info-bg text-info-fg',
} as const;

function ToastItem({ toast, dismissLabel, onDismiss }: { toast: Toast; dismissLabel: string; onDismiss(): void }) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, NOTIFICATION_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [onDismiss]);
  return (
    <li
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-md border border-line p-3 text-sm shadow-lg',
        kindClass[toast.kind],
      )}
    >
      {toast.imageUrl ? <img src={toast.imageUrl} alt="" className="h-10 w-16 shrink-0 rounded object-cover" /> : null}
      <p className="flex-1">
        {toast.text}
        {toast.action && (
          <>
            {' '}
            <a
              href={toast.action.href}
              className="font-medium underline"
              onClick={(e) => {
                if (!toast.action?.onNavigate) return;
                e.preventDefault();
                toast.action.onNavigate();
                onDismiss();
              }}
            >
              {toast.action.label}
            </a>
          </>
        )}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={dismissLabel}
        className="-m-1 rounded px-2 text-lg leading-none"
      >
        ×
      </button>
    </li>
  );
}

/** Notifications region: always in the DOM so screen readers announce additions politely. */
export function ToastProvider({
  children,
  dismissLabel,
  regionLabel,
}: {
  children: ReactNode;
  dismissLabel: string;
  regionLabel: string;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { ...input, id }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const dismissers = useRef(new Map<number, () => void>());
  const dismisserFor = (id: number) => {
    let fn = dismissers.current.get(id);
    if (!fn) {
      fn = () => {
        dismissers.current.delete(id);
        dismiss(id);
      };
      dismissers.current.set(id, fn);
    }
    return fn;
  };
  return (
    <ToastContext.Provider value={show}>
      {children}
      <section
        aria-label={regionLabel}
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-4 left-4 z-50 sm:left-auto sm:w-96"
      >
        <ol className="flex flex-col gap-2">
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} dismissLabel={dismissLabel} onDismiss={dismisserFor(t.id)} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}
