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
