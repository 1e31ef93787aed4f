import type { RouteMeta } from '@vigil/shared';
import type { ComponentType, ReactElement } from 'react';
import { translationsSettled } from '../lib/i18n.ts';

export type PageLoader = () => Promise<{ Component: ComponentType } | { element: ReactElement }>;

/**
 * Which page each path shows. Everything here is loaded on demand, so a visitor of the
 * landing page downloads none of the app areas.
 */
/** `/dashboard`, the account at a glance: the shell gives it the live feature's tile. */
const dashboard =
  (titleKey: string): PageLoader =>
  async () => {
    const [{ DashboardPage }, { LiveCard }] = await Promise.all([
      import('../features/dashboard/pages/dashboard-page.tsx'),
      import('../features/live/components/live-card.tsx'),
    ]);
    return { element: <DashboardPage titleKey={titleKey} live={<LiveCard />} /> };
  };

/** The operator's and viewer's desks: the shell gives them the live feature's wall. */
const opsDashboard =
  (variant: 'operator' | 'viewer', titleKey: string): PageLoader =>
  async () => {
    const [Page, { LiveWall }] = await Promise.all([
      variant === 'operator'
        ? import('../features/dashboard/pages/operator-dashboard-page.tsx').then((m) => m.OperatorDashboardPage)
        : import('../features/dashboard/pages/viewer-dashboard-page.tsx').then((m) => m.ViewerDashboardPage),
      import('../features/live/components/live-wall.tsx'),
    ]);
    return { element: <Page titleKey={titleKey} wall={<LiveWall />} /> };
  };

const adminDashboard =
  (titleKey: string): PageLoader =>
  async () => {
    const [{ AdminDashboardPage }, alerts] = await Promise.all([
      import('../features/dashboard/pages/admin-dashboard-page.tsx'),
      // The installation's alerts belong to the admin settings feature; the shell puts them on top.
      import('../features/admin-outbox/components/installation-alerts.tsx'),
    ]);
    return { element: <AdminDashboardPage titleKey={titleKey} alerts={<alerts.InstallationAlerts />} /> };
  };

const managerDashboard =
  (titleKey: string): PageLoader =>
  async () => {
    const { ManagerDashboardPage } = await import('../features/dashboard/pages/manager-dashboard-page.tsx');
    return { element: <ManagerDashboardPage titleKey={titleKey} /> };
  };

const shell =
  (meta: RouteMeta): PageLoader =>
  async () => {
    const { ShellPage } = await import('../features/shell/pages/shell-page.tsx');
    return { element: <ShellPage titleKey={meta.title} /> };
  };

const vmsDashboard: PageLoader = async () => ({
  Component: (await import('../features/vms-dashboard/pages/vms-dashboard-page.tsx')).VmsDashboardPage,
});

const SPECIFIC: Record<string, (meta: RouteMeta) => PageLoader> = {
  '/about': () => async () => ({ Component: (await import('../features/landing/pages/about-page.tsx')).AboutPage }),
  '/auth/login': () => async () => ({ Component: (await import('../features/auth/pages/login-page.tsx')).LoginPage }),
  '/auth/register': () => async () => ({
    Component: (await import('../features/auth/pages/register-page.tsx')).RegisterPage,
  }),
  '/auth/forgot': () => async () => ({
    Component: (await import('../features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage,
  }),
  '/auth/reset': () => async () => ({
    Component: (await import('../features/auth/pages/reset-password-page.tsx')).ResetPasswordPage,
  }),
  '/viewer/settings': () => async () => {
    const [{ SettingsPage }, { WorkspaceNotifications }] = await Promise.all([
      import('../features/settings/pages/settings-page.tsx'),
      // The shell composes features: owners and managers also get the workspace's notifications.
      import('../features/notifications/components/workspace-notifications.tsx'),
    ]);
    return { element: <SettingsPage extra={<WorkspaceNotifications />} /> };
  },
  '/viewer/cameras': () => async () => ({
    Component: (await import('../features/cameras/pages/cameras-page.tsx')).CamerasPage,
  }),
  '/viewer/live': () => async () => ({
    Component: (await import('../features/live/pages/live-page.tsx')).LivePage,
  }),
  '/viewer/recordings': () => async () => ({
    Component: (await import('../features/recordings/pages/recordings-page.tsx')).RecordingsPage,
  }),
  '/viewer/exports': () => async () => ({
    Component: (await import('../features/exports/pages/exports-page.tsx')).ExportsPage,
  }),
  '/viewer/events': () => async () => ({
    Component: (await import('../features/events/pages/events-page.tsx')).EventsPage,
  }),
  '/manager/team': () => async () => ({
    Component: (await import('../features/team/pages/team-page.tsx')).TeamPage,
  }),
  '/invite': () => async () => ({
    Component: (await import('../features/team/pages/invite-page.tsx')).InvitePage,
  }),
  '/manager/schedules': () => async () => ({
    Component: (await import('../features/schedules/pages/schedules-page.tsx')).SchedulesPage,
  }),
  '/manager/tasks': () => async () => ({
    Component: (await import('../features/tasks/pages/manager-tasks-page.tsx')).ManagerTasksPage,
  }),
  '/manager/reports': () => async () => {
    const { ReportsPage } = await import('../features/reports/pages/reports-page.tsx');
    return { element: <ReportsPage area="manager" /> };
  },
  '/vms/reports': () => async () => {
    const { ReportsPage } = await import('../features/reports/pages/reports-page.tsx');
    return { element: <ReportsPage area="vms" /> };
  },
  '/manager/analytics': () => async () => ({
    Component: (await import('../features/analytics/pages/analytics-page.tsx')).AnalyticsPage,
  }),
  '/ai/analytics': () => async () => ({
    Component: (await import('../features/ai/pages/ai-analytics-page.tsx')).AiAnalyticsPage,
  }),
  '/ai/settings': () => async () => ({
    Component: (await import('../features/ai/pages/ai-settings-page.tsx')).AiSettingsPage,
  }),
  // The shell composes features: the detection page shows the live feature's tile under its boxes.
  '/ai/detection': () => async () => {
    const [{ AiDetectionPage }, { LiveTile }] = await Promise.all([
      import('../features/ai/pages/ai-detection-page.tsx'),
      import('../features/live/components/live-tile.tsx'),
      // The tile's words (states, buttons) come with the live feature's strings.
      import('../features/live/translations.ts'),
    ]);
    return {
      element: (
        <AiDetectionPage
          liveTile={(camera) => <LiveTile camera={camera} focused={false} onToggleFocus={() => {}} compact />}
        />
      ),
    };
  },
  '/operator/tasks': () => async () => ({
    Component: (await import('../features/tasks/pages/operator-tasks-page.tsx')).OperatorTasksPage,
  }),
  // The shell composes features: the security dashboard shows the API keys (owners and managers) and
  // the audit log (owners and admins), each panel deciding for itself whether the person may see it.
  '/security': () => async () => {
    const [{ SecurityPage }, { ApiKeysPanel }, { AuditLogPanel }] = await Promise.all([
      import('../features/security/pages/security-page.tsx'),
      import('../features/api-keys/components/api-keys-panel.tsx'),
      import('../features/audit/components/audit-log-panel.tsx'),
    ]);
    return {
      element: (
        <SecurityPage
          extra={
            <>
              <ApiKeysPanel />
              <AuditLogPanel />
            </>
          }
        />
      ),
    };
  },
  '/vms/bulk-operations': () => async () => ({
    Component: (await import('../features/bulk-operations/pages/bulk-operations-page.tsx')).BulkOperationsPage,
  }),
  '/sms': () => async () => ({
    Component: (await import('../features/sms/pages/sms-page.tsx')).SmsPage,
  }),
  '/admin/users': () => async () => ({
    Component: (await import('../features/admin-users/pages/admin-users-page.tsx')).AdminUsersPage,
  }),
  '/admin/settings': () => async () => ({
    Component: (await import('../features/admin-outbox/pages/admin-settings-page.tsx')).AdminSettingsPage,
  }),
  '/upgrade': () => async () => ({
    Component: (await import('../features/billing/pages/upgrade-page.tsx')).UpgradePage,
  }),
  '/payment': () => async () => ({
    Component: (await import('../features/billing/pages/payment-page.tsx')).PaymentPage,
  }),
  '/billing': () => async () => ({
    Component: (await import('../features/billing/pages/billing-page.tsx')).BillingPage,
  }),
  '/admin/pricing': () => async () => ({
    Component: (await import('../features/admin-billing/pages/pricing-page.tsx')).PricingPage,
  }),
  '/admin/payment-settings': () => async () => ({
    Component: (await import('../features/admin-billing/pages/payment-settings-page.tsx')).PaymentSettingsPage,
  }),
  '/unsubscribe': () => async () => ({
    Component: (await import('../features/unsubscribe/pages/unsubscribe-page.tsx')).UnsubscribePage,
  }),
  '/open': () => async () => ({
    Component: (await import('../features/system/pages/open-page.tsx')).OpenPage,
  }),
  '/unauthorized': () => async () => ({
    Component: (await import('../features/system/pages/unauthorized-page.tsx')).UnauthorizedPage,
  }),
  // The VMS area (the multi-site plan). The site's live wall shows the live feature's tile, placed here
  // (features never import each other); `extra` slots take other features' site panels.
  '/vms': () => vmsDashboard,
  '/vms/dashboard': () => vmsDashboard,
  '/vms/sites': () => async () => ({
    Component: (await import('../features/sites/pages/sites-page.tsx')).SitesPage,
  }),
  '/vms/sites/add': () => async () => ({
    Component: (await import('../features/sites/pages/site-add-page.tsx')).SiteAddPage,
  }),
  '/vms/sites/:id': () => async () => {
    const [{ SiteDetailsPage }, { LiveTile }, { SiteAnalytics }] = await Promise.all([
      import('../features/sites/pages/site-details-page.tsx'),
      import('../features/live/components/live-tile.tsx'),
      import('../features/analytics/components/site-analytics.tsx'),
      // The tile's words (states, buttons) come with the live feature's strings.
      import('../features/live/translations.ts'),
    ]);
    return {
      element: (
        <SiteDetailsPage
          liveTile={(camera) => <LiveTile camera={camera} focused={false} onToggleFocus={() => {}} compact />}
          // Analytics are read by managers (and owners, admins), as on /manager/analytics.
          extra={(site, canManage) => (canManage ? <SiteAnalytics siteId={site.id} /> : null)}
        />
      ),
    };
  },
  // The shell composes features: a site's Manage page adds cameras in bulk (CSV, ONVIF discovery).
  '/vms/sites/:id/manage': () => async () => {
    const [{ SiteManagePage }, { CameraImportPanel }] = await Promise.all([
      import('../features/sites/pages/site-manage-page.tsx'),
      import('../features/camera-import/index.ts'),
    ]);
    return { element: <SiteManagePage extra={(site) => <CameraImportPanel siteId={site.id} />} /> };
  },
  '/vms/sites/:id/edit': () => async () => ({
    Component: (await import('../features/sites/pages/site-edit-page.tsx')).SiteEditPage,
  }),
  '/dashboard': (m) => dashboard(m.title),
  '/admin/dashboard': (m) => adminDashboard(m.title),
  '/manager/dashboard': (m) => managerDashboard(m.title),
  '/operator/dashboard': (m) => opsDashboard('operator', m.title),
  '/viewer/dashboard': (m) => opsDashboard('viewer', m.title),
};

/** A signed-in page comes behind its gate: someone who cannot use it here is told why, not sent its requests. */
export function pageLoader(meta: RouteMeta): PageLoader {
  const importPage = (SPECIFIC[meta.path] ?? shell)(meta);
  // The page's feature registers its strings as it loads: show it once they are here.
  const load: PageLoader = async () => {
    const page = await importPage();
    await translationsSettled();
    return page;
  };
  if (!meta.requiresAuth) return load;
  return async () => {
    const [page, { PageGate }] = await Promise.all([load(), import('./page-gate.tsx')]);
    const content = 'element' in page ? page.element : <page.Component />;
    return { element: <PageGate route={meta}>{content}</PageGate> };
  };
}

export const notFoundLoader: PageLoader = async () => ({
  Component: (await import('../features/system/pages/not-found-page.tsx')).NotFoundPage,
});
