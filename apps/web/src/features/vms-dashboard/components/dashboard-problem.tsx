import { Banner } from '../../../components/ui/banner.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';

/**
 * Why the dashboard is empty, in the catalogue's words. A plan without the VMS area never gets
 * here: the page gate says what the page is and who can use it before the page asks for anything.
 */
export function DashboardProblem({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return (
    <Banner tone="error" className="mb-6">
      {errorText(error)}
    </Banner>
  );
}
