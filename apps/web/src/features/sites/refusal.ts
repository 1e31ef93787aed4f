import type { ApiError } from '../../lib/api-client.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The plan gate's refusal in the reader's language. English shows the server's own words
 * (null here: the caller's errorText does); other languages get the same sentence translated
 * when it is the gate's known one ("… Choose the VMS plan on the Upgrade page …").
 */
export function refusalText(error: ApiError, t: Translate, language: string): string | null {
  if (language.startsWith('en') || !error.detail) return null;
  const named = /^The multi-site VMS area is not part of your plan\. Choose the (.+) plan on the Upgrade page/.exec(
    error.detail,
  );
  if (named) return t('sites.refusal.plan', { plan: named[1] });
  if (/^The multi-site VMS area is not part of your plan\. Ask your administrator/.test(error.detail)) {
    return t('sites.refusal.admin');
  }
  return null;
}
