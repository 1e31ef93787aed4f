import { useCallback, useState } from 'react';

/**
 * The zone a period's days are counted in. Analytics count days in the workspace's (or a site's)
 * zone, which the page learns only from the first answer; until then it guesses the person's own.
 * Once learnt, "today" — and so the end of "the last 7 days" — is the server's today: a Paris
 * workspace seen from New York at 23:30 UTC would otherwise end its period a day early and leave
 * out the evening's events. `learn` is called with each answer's zone; it changes state only once.
 */
export function useCountingZone(guess: string): [zone: string, learn: (answered: string | undefined) => void] {
  const [learnt, setLearnt] = useState<string | undefined>();
  const learn = useCallback((answered: string | undefined) => {
    if (answered) setLearnt((prev) => (prev === answered ? prev : answered));
  }, []);
  return [learnt ?? guess, learn];
}
