import { useEffect, useState } from 'react';

/** Why a number cannot receive SMS, or null (the shared rule, the server applies it too). */
export type PhoneCheck = (value: string) => string | null;

/** The international shape alone: what can be told before the number plan has loaded. */
export const phoneShapeProblem: PhoneCheck = (value) =>
  /^\+[1-9]\d{6,14}$/.test(value) ? null : 'must be in international form, like +33612345678';

let loading: Promise<PhoneCheck> | undefined;

/**
 * The full check, loaded on first use: libphonenumber's metadata is about 29 KB gzip and only the
 * pages that take a phone number need it, so it stays out of every page's first load.
 */
export function loadPhoneCheck(): Promise<PhoneCheck> {
  loading ??= import('@vigil/shared/phone').then((m) => m.phoneProblem);
  return loading;
}

/** The full check once loaded (asked for on mount), the shape check until then. */
export function usePhoneCheck(): PhoneCheck {
  const [check, setCheck] = useState<{ run: PhoneCheck }>({ run: phoneShapeProblem });
  useEffect(() => {
    let live = true;
    loadPhoneCheck().then((run) => live && setCheck({ run }));
    return () => {
      live = false;
    };
  }, []);
  return check.run;
}
