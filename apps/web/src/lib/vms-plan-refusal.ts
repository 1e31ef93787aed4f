/**
 * Which of the VMS plan gate's known sentences a refusal's detail is, for the languages that
 * translate it (English shows the server's own words: null, as for an unknown sentence): the
 * plan to choose on the Upgrade page, or "ask your administrator". The caller words it.
 */
export function vmsPlanRefusal(
  detail: string | undefined,
  language: string,
): { sentence: 'plan'; plan: string } | { sentence: 'admin' } | null {
  if (language.startsWith('en') || !detail) return null;
  const named = /^The multi-site VMS area is not part of your plan\. Choose the (.+) plan on the Upgrade page/.exec(
    detail,
  );
  if (named?.[1]) return { sentence: 'plan', plan: named[1] };
  if (/^The multi-site VMS area is not part of your plan\. Ask your administrator/.test(detail)) {
    return { sentence: 'admin' };
  }
  return null;
}
