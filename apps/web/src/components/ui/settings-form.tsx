import type { FormEvent, ReactNode } from 'react';
import { useErrorText } from '../../lib/use-error-text.ts';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';

/**
 * The foot of a form that saves: what stops it first (`problem`, the browser's own check: the
 * fields to fix), the server's refusal of the last save, then the submit button.
 */
export function FormFooter({
  save,
  problem,
  label,
  errorTestId,
}: {
  save: { isPending: boolean; error: unknown };
  problem?: string | false | null | undefined;
  label: string;
  errorTestId?: string;
}) {
  const errorText = useErrorText();
  return (
    <div className="grid gap-3 lg:col-span-2">
      {problem && <Banner tone="error">{problem}</Banner>}
      {save.error ? (
        <Banner tone="error" data-testid={errorTestId}>
          {errorText(save.error)}
        </Banner>
      ) : null}
      <div>
        <Button type="submit" busy={save.isPending}>
          {label}
        </Button>
      </div>
    </div>
  );
}

/** A settings page's form: a card of two columns from a wide screen, one on a phone. */
export function SettingsFormCard({ onSubmit, children }: { onSubmit(e: FormEvent): void; children: ReactNode }) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-6 rounded-lg border border-line bg-surface p-4 sm:p-6 lg:grid-cols-2"
    >
      {children}
    </form>
  );
}

/** One column's group of fields in a SettingsFormCard, named by its legend. */
export function SettingsFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid content-start gap-3">
      <legend className="mb-1 text-lg font-semibold text-fg">{legend}</legend>
      {children}
    </fieldset>
  );
}
