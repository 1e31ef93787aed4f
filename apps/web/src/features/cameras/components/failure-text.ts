import { probeErrorKey } from '../form-model.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A camera's failure in the reader's language when it is a catalogue one; any other text as it came. */
export function failureText(t: Translate, text: string): string {
  const known = probeErrorKey(text);
  if (!known) return text;
  return t(known.key, { target: known.params.target ?? t('cameras.failure.theCamera') });
}
