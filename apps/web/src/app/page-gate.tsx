import { type RouteMeta, mayUsePage } from '@vigil/shared';
import type { ReactNode } from 'react';
import { PageRefusal } from '../features/system/components/page-refusal.tsx';
import { pageVisitor } from '../lib/session/page-visitor.ts';
import { useSession } from '../lib/session/session-context.ts';

/**
 * Renders a signed-in page only for someone who can use it here (the rule the navigation follows);
 * anyone else sees what it is and who can use it. The page is not rendered at all then, so it
 * sends none of the requests the server would refuse (a VMS page's sites on a plan without VMS).
 */
export function PageGate({ route, children }: { route: RouteMeta; children: ReactNode }) {
  const { me } = useSession();
  const visitor = pageVisitor(me);
  if (me && !mayUsePage(route, visitor)) return <PageRefusal route={route} visitor={visitor} />;
  return children;
}
