import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Why a phone number cannot receive SMS, or null when it is a valid E.164 number (a plus, the
 * country code, a number that country's plan allows). libphonenumber's small metadata: enough to
 * tell valid from invalid, which is all a recipient check needs.
 */
export function phoneProblem(value: string): string | null {
  if (!/^\+[1-9]\d{6,14}$/.test(value)) return 'must be in international form, like +33612345678';
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) return 'is not a valid phone number';
  if (parsed.number !== value) return `should be written ${parsed.number}`;
  return null;
}

/** A phone number with its middle digits hidden, for logs and lists: +33 6•••••78. */
export function maskPhone(value: string): string {
  if (value.length <= 6) return '•••';
  return `${value.slice(0, 4)}${'•'.repeat(value.length - 6)}${value.slice(-2)}`;
}
