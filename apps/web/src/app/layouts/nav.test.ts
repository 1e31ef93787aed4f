import { ROUTES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { findRoute } from '../route-table.ts';
import { navSections } from './nav.ts';

const shape = (role: unknown) => Object.fromEntries(navSections(role).map((s) => [s.id, s.items.map((i) => i.path)]));
const paths = (role: unknown) => navSections(role).flatMap((s) => s.items.map((i) => i.path));
const ROLES = ['admin', 'user', 'manager', 'operator', 'viewer', undefined];

describe('navSections: grouped by what people do, only what each role can use', () => {
  it('admin: its own dashboard, watch, review, account and administration', () => {
    expect(shape('admin')).toEqual({
      watch: ['/admin/dashboard', '/viewer/live', '/viewer/cameras'],
      review: ['/manager/analytics', '/manager/reports', '/viewer/recordings', '/viewer/events', '/viewer/exports'],
      team: ['/manager/team', '/manager/schedules', '/manager/tasks', '/operator/tasks'],
      account: ['/viewer/settings', '/security', '/sms'],
      administration: ['/admin/payment-settings', '/admin/users', '/admin/settings', '/admin/pricing'],
    });
  });

  it('a workspace owner ("user") and a manager: the manager dashboard, no administration', () => {
    for (const role of ['user', 'manager']) {
      expect(shape(role)).toEqual({
        watch: ['/manager/dashboard', '/viewer/live', '/viewer/cameras'],
        review: ['/manager/analytics', '/manager/reports', '/viewer/recordings', '/viewer/events', '/viewer/exports'],
        team: ['/manager/team', '/manager/schedules', '/manager/tasks', '/operator/tasks'],
        account: ['/viewer/settings', '/security', '/sms'],
      });
    }
  });

  it("Upgrade and Billing only for the workspace's owner (in a role the billing API serves)", () => {
    for (const role of ROLES) {
      const owned = navSections(role, { isOwner: true }).flatMap((s) => s.items.map((i) => i.path));
      const managing = ['admin', 'user', 'manager'].includes(String(role));
      if (managing) expect(owned, String(role)).toEqual(expect.arrayContaining(['/upgrade', '/billing']));
      else expect(owned, String(role)).not.toContain('/billing');
      expect(paths(role), String(role)).not.toContain('/upgrade');
      expect(paths(role), String(role)).not.toContain('/billing');
    }
  });

  it('operator and viewer (and an unreadable role) get their own dashboard', () => {
    expect(shape('operator').watch?.[0]).toBe('/operator/dashboard');
    expect(shape('operator').team).toEqual(['/operator/tasks']);
    for (const role of ['viewer', undefined, 'root']) {
      expect(shape(role)).toEqual({
        watch: ['/viewer/dashboard', '/viewer/live', '/viewer/cameras'],
        review: ['/viewer/recordings', '/viewer/events', '/viewer/exports'],
        account: ['/viewer/settings', '/security'],
      });
    }
    expect(shape('operator').account).toEqual(['/viewer/settings', '/security']);
  });

  it('folds the five dashboards into one entry titled "Dashboard"', () => {
    for (const role of ROLES) {
      const dashboards = navSections(role)
        .flatMap((s) => s.items)
        .filter((i) => i.path.endsWith('dashboard'));
      expect(dashboards, String(role)).toHaveLength(1);
      expect(dashboards[0]!.title).toBe('nav.dashboard');
    }
  });

  it('never offers a page whose capability is not built, yet every such page stays routable', () => {
    const later = ROUTES.filter((r) => !r.available && r.requiresAuth);
    for (const r of later) for (const role of ROLES) expect(paths(role), r.path).not.toContain(r.path);
    for (const role of ROLES) {
      for (const p of paths(role)) expect(findRoute(p)?.available, p).toBe(true);
    }
    for (const r of ROUTES) expect(findRoute(r.path.replace(':id', 'x'))?.path, r.path).toBe(r.path);
  });

  it('offers what a later issue ships by flipping its one flag', () => {
    const detection = ROUTES.find((r) => r.path === '/ai/detection')! as { available: boolean };
    const watchWithAi = () =>
      navSections('manager', { ai: true })
        .find((s) => s.id === 'watch')!
        .items.map((i) => i.path);
    expect(watchWithAi()).toContain('/ai/detection');
    detection.available = false;
    try {
      expect(watchWithAi()).not.toContain('/ai/detection');
    } finally {
      detection.available = true;
    }
  });

  it('offers the VMS pages only to a workspace whose plan has vms, to every role there (reports, bulk operations: its managers)', () => {
    for (const role of ROLES) {
      expect(
        paths(role).filter((p) => p.startsWith('/vms')),
        String(role),
      ).toEqual([]);
      const vms = navSections(role, { vms: true }).flatMap((s) => s.items.map((i) => i.path));
      const managing = ['admin', 'user', 'manager'].includes(String(role));
      expect(
        vms.filter((p) => p.startsWith('/vms')),
        String(role),
      ).toEqual(['/vms/dashboard', '/vms/sites', ...(managing ? ['/vms/reports', '/vms/bulk-operations'] : [])]);
    }
    // Beside the role's own dashboard, not instead of it.
    const watch = navSections('manager', { vms: true }).find((s) => s.id === 'watch')!.items;
    expect(watch.map((i) => i.title)).toEqual([
      'nav.dashboard',
      'pages.viewer.live',
      'pages.viewer.cameras',
      'pages.vms.dashboard',
      'pages.vms.sites',
    ]);
  });

  it('offers the AI pages only with AI access; settings and analytics to owners, managers and admins', () => {
    for (const role of ROLES)
      expect(
        paths(role).filter((p) => p.startsWith('/ai')),
        String(role),
      ).toEqual([]);
    for (const role of ROLES) {
      const ai = navSections(role, { ai: true }).flatMap((s) => s.items.map((i) => i.path));
      const managing = ['admin', 'user', 'manager'].includes(String(role));
      expect(
        ai.filter((p) => p.startsWith('/ai')),
        String(role),
      ).toEqual(managing ? ['/ai/detection', '/ai/analytics', '/ai/settings'] : ['/ai/detection']);
    }
  });

  it('never lists a page outside the app layouts, nor one reached from another page', () => {
    const all = paths('admin');
    for (const p of all) expect(['landing', 'bare']).not.toContain(findRoute(p)?.layout);
    expect(all.some((p) => p.includes(':') || p.endsWith('/add'))).toBe(false);
  });
});

describe('findRoute', () => {
  it('knows the extra reset pages and trailing slashes', () => {
    expect(findRoute('/auth/forgot')?.title).toBe('pages.forgot');
    expect(findRoute('/auth/reset/')?.title).toBe('pages.reset');
    expect(findRoute('/admin/users/')?.path).toBe('/admin/users');
    expect(findRoute('/nope')).toBeUndefined();
  });
});
