import type { Plan } from '@vigil/shared';
import { useEffect, useState } from 'react';

export type PublicPlans = { status: 'pending' } | { status: 'error' } | { status: 'ready'; plans: Plan[] };

/**
 * The installation's public plans for the landing's pricing. A plain read rather than the app's query
 * cache: the landing renders before the app's data layer has loaded, and it reads them once per visit.
 */
export function usePublicPlans(): PublicPlans {
  const [state, setState] = useState<PublicPlans>({ status: 'pending' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v1/plans', { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`plans: HTTP ${res.status}`);
        const body = (await res.json()) as { items: Plan[] };
        setState({ status: 'ready', plans: body.items });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, []);
  return state;
}
