import { Navigate } from 'react-router';
import { useSession } from '../lib/session/session-context.ts';
import { dashboardPath } from './layouts/nav.ts';

/** "/dashboard": the signed-in person's own dashboard, else sign-in (and back here after). */
export function DashboardRedirect() {
  const { loading, me } = useSession();
  if (loading) return null;
  if (!me) return <Navigate to="/auth/login?redirect=%2Fdashboard" replace />;
  return <Navigate to={dashboardPath(me.user.role)} replace />;
}
