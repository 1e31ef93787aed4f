import { ROUTES, type RouteMeta, matchRoute } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { landingAfterAuth } from '../lib/redirect.ts';
import { type GuardAuthState, afterLoginPath, guard } from './guard.ts';

const route = (path: string): RouteMeta => {
  const r = matchRoute(path);
  if (!r) throw new Error(`no route for ${path}`);
  return r;
};
const signedIn = (role: unknown): GuardAuthState => ({ initialised: true, user: { role }, token: 't0k3n' });
const signedOut: GuardAuthState = { initialised: true, user: null, token: null };
const notInitialised: GuardAuthState = { initialised: false, user: null, token: null };
const run = (path: string, auth: GuardAuthState) => guard(matchRoute(path.split('?')[0]!), path, auth);

describe('guard step 1: auth state not initialised', () => {
  it.each(['/', '/auth/login', '/login', '/register'])('lets the public fallback path %s proceed', (path) => {
    expect(guard(matchRoute(path), path, notInitialised)).toEqual({ action: 'proceed' });
  });

  it.each([
    '/about',
    '/dashboard',
    '/admin/users',
    '/auth/register',
    '/nowhere',
  ])('sends %s to /auth/login without a redirect query', (path) => {
    expect(guard(matchRoute(path), path, notInitialised)).toEqual({ action: 'redirect', to: '/auth/login' });
  });

  it('applies before the route rules, even for a signed-in user', () => {
    const auth = { ...signedIn('admin'), initialised: false };
    expect(run('/admin/users', auth)).toEqual({ action: 'redirect', to: '/auth/login' });
  });
});

describe('guard step 2: public paths', () => {
  it.each([
    '/',
    '/about',
    '/auth/login',
    '/auth/register',
    '/payment',
    '/unauthorized',
  ])('lets a signed-out visitor open %s', (path) => {
    expect(run(path, signedOut)).toEqual({ action: 'proceed' });
  });

  it('lets unknown paths through so the not-found page renders', () => {
    expect(guard(undefined, '/no/such/page', signedOut)).toEqual({ action: 'proceed' });
  });
});

describe('guard step 3: auth required', () => {
  it('sends a signed-out visitor to login with the full intended path, search included', () => {
    const full = '/viewer/recordings?camera=12&day=2024-05-01#t=30';
    expect(guard(route('/viewer/recordings'), full, signedOut)).toEqual({
      action: 'redirect',
      to: `/auth/login?redirect=${encodeURIComponent(full)}`,
    });
  });

  it('the redirect query decodes back to the exact path', () => {
    const full = '/dashboard?tab=usage&x=a%20b';
    const decision = guard(route('/dashboard'), full, signedOut);
    if (decision.action !== 'redirect') throw new Error('expected redirect');
    expect(new URL(decision.to, 'http://x').searchParams.get('redirect')).toBe(full);
  });

  it('treats a user without a token as signed out', () => {
    expect(run('/dashboard', { initialised: true, user: { role: 'admin' }, token: null })).toMatchObject({
      action: 'redirect',
      to: '/auth/login?redirect=%2Fdashboard',
    });
  });

  it('treats a token without a user as signed out', () => {
    expect(run('/dashboard', { initialised: true, user: null, token: 'x' }).action).toBe('redirect');
  });

  it.each(['/ai/detection', '/vms', '/vms/sites/42/edit'])('requires login on flagged page %s', (path) => {
    expect(run(path, signedOut).action).toBe('redirect');
  });
});

describe('guard step 4: admin required', () => {
  it.each(['manager', 'operator', 'viewer', 'user'])('sends %s away from /admin/pricing', (role) => {
    expect(run('/admin/pricing', signedIn(role))).toEqual({ action: 'redirect', to: '/unauthorized' });
  });

  it('lets an admin into every admin page', () => {
    for (const r of ROUTES.filter((x) => x.requiresAdmin)) {
      expect(guard(r, r.path, signedIn('admin'))).toEqual({ action: 'proceed' });
    }
  });

  it('checks the admin flag even on a route without a role list', () => {
    const adminOnly: RouteMeta = {
      path: '/x',
      title: 'x',
      layout: 'admin',
      requiresAuth: true,
      requiresAdmin: true,
      available: true,
    };
    expect(guard(adminOnly, '/x', signedIn('manager'))).toEqual({ action: 'redirect', to: '/unauthorized' });
    expect(guard(adminOnly, '/x', signedIn('admin'))).toEqual({ action: 'proceed' });
  });
});

describe('guard step 5: role list', () => {
  const cases: Array<[string, string, 'proceed' | 'redirect']> = [
    ['/manager/team', 'manager', 'proceed'],
    ['/manager/team', 'admin', 'proceed'],
    ['/manager/team', 'operator', 'redirect'],
    ['/manager/team', 'viewer', 'redirect'],
    ['/operator/tasks', 'operator', 'proceed'],
    ['/operator/tasks', 'manager', 'proceed'],
    ['/operator/tasks', 'viewer', 'redirect'],
    ['/viewer/live', 'viewer', 'proceed'],
    ['/viewer/live', 'operator', 'proceed'],
    ['/viewer/settings', 'admin', 'proceed'],
  ];
  it.each(cases)('%s as %s → %s', (path, role, action) => {
    const decision = run(path, signedIn(role));
    expect(decision.action).toBe(action);
    if (decision.action === 'redirect') expect(decision.to).toBe('/unauthorized');
  });

  it('counts the sign-up role "user" as manager', () => {
    expect(run('/manager/reports', signedIn('user'))).toEqual({ action: 'proceed' });
    expect(run('/operator/dashboard', signedIn('user'))).toEqual({ action: 'proceed' });
    expect(run('/admin/users', signedIn('user'))).toEqual({ action: 'redirect', to: '/unauthorized' });
  });

  it.each([undefined, null, '', 'superuser', 42, { role: 'admin' }])('treats role %j as viewer', (role) => {
    expect(run('/viewer/cameras', signedIn(role))).toEqual({ action: 'proceed' });
    expect(run('/operator/tasks', signedIn(role))).toEqual({ action: 'redirect', to: '/unauthorized' });
    expect(run('/admin/dashboard', signedIn(role))).toEqual({ action: 'redirect', to: '/unauthorized' });
  });

  it('lets any signed-in role open main, AI and VMS pages (flags are not enforced by the guard)', () => {
    for (const path of ['/dashboard', '/billing', '/sms', '/ai/settings', '/vms/bulk-operations', '/vms/sites/9']) {
      expect(run(path, signedIn('viewer'))).toEqual({ action: 'proceed' });
    }
  });
});

describe('a workspace that requires two-factor', () => {
  const pending: GuardAuthState = { ...signedIn('operator'), twoFactorPending: true };
  it.each([
    '/dashboard',
    '/operator/dashboard',
    '/viewer/live?camera=1',
    '/viewer/settings',
  ])('sends a member without it from %s to /security', (path) => {
    expect(run(path, pending)).toEqual({ action: 'redirect', to: '/security' });
  });
  it('lets them open /security, and public pages', () => {
    expect(run('/security', pending)).toEqual({ action: 'proceed' });
    expect(run('/', pending)).toEqual({ action: 'proceed' });
    expect(run('/about', pending)).toEqual({ action: 'proceed' });
  });
  it('lets everyone else through as before', () => {
    expect(run('/operator/dashboard', { ...signedIn('operator'), twoFactorPending: false })).toEqual({
      action: 'proceed',
    });
  });
});

describe('afterLoginPath', () => {
  it.each([
    ['/admin/users', '/admin/users'],
    ['/viewer/recordings?camera=1#t=5', '/viewer/recordings?camera=1#t=5'],
    ['/', '/'],
  ])('keeps the safe in-app path %s', (input, expected) => {
    expect(afterLoginPath(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.com',
    '//evil.com/admin',
    '/\\evil.com',
    'https://x',
    'http://evil.com/dashboard',
    'javascript:alert(1)',
    'dashboard',
    '/auth/login',
    '/auth/login?redirect=/admin',
    '/auth/register',
    '/dash\nboard',
  ])('falls back to "/" for %j', (input) => {
    expect(afterLoginPath(input)).toBe('/');
  });
});

describe('landingAfterAuth', () => {
  it('without a redirect (or with an unsafe one) lands on the dashboard of the role, never the marketing page', () => {
    expect(landingAfterAuth(null, 'user')).toBe('/manager/dashboard');
    expect(landingAfterAuth(undefined, 'admin')).toBe('/admin/dashboard');
    expect(landingAfterAuth('//evil.com', 'viewer')).toBe('/viewer/dashboard');
    expect(landingAfterAuth('/auth/register', 'operator')).toBe('/operator/dashboard');
  });
  it('keeps a safe in-app redirect (the page a signed-out person was sent from)', () => {
    expect(landingAfterAuth('/viewer/recordings?camera=1', 'viewer')).toBe('/viewer/recordings?camera=1');
  });
});
