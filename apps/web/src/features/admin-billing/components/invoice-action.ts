import type { AdminInvoice } from '@vigil/shared';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';

/**
 * An administrator's action on one invoice that is asked first (it cannot be taken back): the
 * invoice being asked about, and the confirmed run, which closes the question and says how it went.
 */
export function useInvoiceAction<R>(
  mutation: {
    mutate(id: string, o: { onSuccess(result: R): void; onError(err: unknown): void }): void;
    isPending: boolean;
  },
  done: (result: R) => string,
) {
  const toast = useToast();
  const errorText = useErrorText();
  const [asking, setAsking] = useState<AdminInvoice | null>(null);
  const finish = (kind: 'success' | 'error', text: string) => {
    setAsking(null);
    toast({ kind, text });
  };
  return {
    asking,
    ask: setAsking,
    close: () => setAsking(null),
    busy: mutation.isPending,
    confirm: () =>
      asking &&
      mutation.mutate(asking.id, {
        onSuccess: (result) => finish('success', done(result)),
        onError: (err) => finish('error', errorText(err)),
      }),
  };
}
