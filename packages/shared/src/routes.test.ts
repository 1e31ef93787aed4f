import { describe, expect, it } from 'vitest';
import { ROUTES, dashboardPathFor, isAvailable, isSafeRedirect, matchRoute } from './routes.ts';

describe('route table', () => {
  it('holds every path of spec §2', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of [
      '/',
      '/about',
      '/auth/login',
      '/auth/register',
      '/payment',
      '/admin/dashboard',
      '/admin/payment-settings',
      '/admin/users',
      '/admin/settings',
      '/admin/pricing',
      '/manager/team',
      '/manager/reports',
      '/operator/tasks',
      '/viewer/live',
      '/viewer/settings',
      '/dashboard',
      '/upgrade',
      '/billing',
      '/security',
      '/sms',
      '/ai/settings',
      '/ai/analytics',
      '/ai/detection',
      '/vms',
      '/vms/dashboard',
      '/vms/sites',
      '/vms/sites/add',
      '/vms/sites/:id',
      '/vms/sites/:id/manage',
      '/vms/sites/:id/edit',
      '/vms/bulk-operations',
      '/vms/reports',
      '/unauthorized',
    ]) {
      expect(paths).toContain(p);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('matches concrete paths, ids and trailing slashes', () => {
    expect(matchRoute('/vms/sites/42/edit')?.path).toBe('/vms/sites/:id/edit');
    expect(matchRoute('/vms/sites/add')?.path).toBe('/vms/sites/add');
    expect(matchRoute('/manager/team/')?.path).toBe('/manager/team');
    expect(matchRoute('/nope')).toBeUndefined();
  });
  it('flags AI and VMS routes without guarding them by role', () => {
    expect(matchRoute('/ai/detection')).toMatchObject({ requiresAuth: true, requiresAiAccess: true });
    expect(matchRoute('/vms')).toMatchObject({ requiresAuth: true, requiresPlan: 'vms' });
    expect(matchRoute('/vms')?.roles).toBeUndefined();
  });
  it('marks every page built (the AI pages were the last); unknown paths unavailable', () => {
    expect(ROUTES.filter((r) => !r.available).map((r) => r.path)).toEqual([]);
    for (const built of [
      '/ai/analytics',
      '/ai/settings',
      '/ai/detection',
      '/manager/analytics',
      '/manager/reports',
      '/viewer/events',
      '/manager/schedules',
      '/sms',
      '/security',
      '/viewer/recordings',
      '/viewer/live',
      '/admin/users',
      '/dashboard',
      '/auth/login',
      '/upgrade',
      '/billing',
      '/payment',
      '/admin/pricing',
      '/admin/payment-settings',
      '/manager/tasks',
      '/operator/tasks',
      '/manager/reports',
      '/vms/reports',
      '/manager/team',
      '/invite',
    ])
      expect(isAvailable(built), built).toBe(true);
    // A path with an id matches its pattern (the sites pages are built).
    expect(isAvailable('/vms/sites/7')).toBe(true);
    expect(isAvailable('/nope')).toBe(false);
  });
  it('accepts only in-app redirect targets', () => {
    expect(isSafeRedirect('/manager/team?x=1')).toBe(true);
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', '', null])
      expect(isSafeRedirect(bad)).toBe(false);
  });
});

describe('dashboardPathFor', () => {
  it.each([
    ['admin', '/admin/dashboard'],
    ['manager', '/manager/dashboard'],
    // An owner (the stored role "user") counts as a manager.
    ['user', '/manager/dashboard'],
    ['operator', '/operator/dashboard'],
    ['viewer', '/viewer/dashboard'],
    // An unreadable role is a viewer.
    ['nonsense', '/viewer/dashboard'],
  ])('a %s lands on %s, a page that role may open', (role, path) => {
    expect(dashboardPathFor(role)).toBe(path);
    expect(matchRoute(path)?.roles).toContain(role === 'user' ? 'manager' : role === 'nonsense' ? 'viewer' : role);
  });
});
