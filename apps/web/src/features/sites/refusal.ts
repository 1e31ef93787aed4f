import type { ApiError } from '../../lib/api-client.ts';
import { vmsPlanRefusal } from '../../lib/vms-plan-refusal.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The plan gate's refusal in the reader's language (lib/vms-plan-refusal): null in English, or for
 * a sentence it does not know, where the caller's errorText shows the server's own words.
 */
export function refusalText(error: ApiError, t: Translate, language: string): string | null {
  const refusal = vmsPlanRefusal(error.detail, language);
  return refusal && t(`sites.refusal.${refusal.sentence}`, refusal);
}
