import { describe, expect, it } from 'vitest';
import { leastRole, mayUsePage, pageNeeds } from './page-access.ts';
import { matchRoute } from './routes.ts';

const route = (path: string) => matchRoute(path)!;
const visitor = (role: string, o: { isOwner?: boolean; vms?: boolean; ai?: boolean } = {}) => ({
  role,
  isOwner: o.isOwner ?? false,
  vms: o.vms ?? false,
  ai: o.ai ?? false,
});

describe('who can use a page', () => {
  it('billing and upgrade: the owner only (in a role the billing API serves)', () => {
    for (const path of ['/billing', '/upgrade']) {
      expect(pageNeeds(route(path))).toEqual({ roles: ['manager', 'admin'], owner: true });
      expect(mayUsePage(route(path), visitor('user', { isOwner: true }))).toBe(true);
      expect(mayUsePage(route(path), visitor('admin', { isOwner: true }))).toBe(true);
      expect(mayUsePage(route(path), visitor('manager'))).toBe(false);
      expect(mayUsePage(route(path), visitor('viewer', { isOwner: true }))).toBe(false);
    }
  });

  it('the SMS manager and bulk operations: owners, managers and administrators (bulk: with VMS)', () => {
    expect(pageNeeds(route('/sms'))).toEqual({ roles: ['manager', 'admin'] });
    expect(mayUsePage(route('/sms'), visitor('operator'))).toBe(false);
    expect(mayUsePage(route('/sms'), visitor('user'))).toBe(true);
    expect(pageNeeds(route('/vms/bulk-operations'))).toEqual({ roles: ['manager', 'admin'], plan: 'vms' });
    expect(mayUsePage(route('/vms/bulk-operations'), visitor('manager'))).toBe(false);
    expect(mayUsePage(route('/vms/bulk-operations'), visitor('manager', { vms: true }))).toBe(true);
  });

  it('the plan features: VMS pages need vms, AI pages ai; settings also a manager', () => {
    expect(mayUsePage(route('/vms/sites'), visitor('viewer'))).toBe(false);
    expect(mayUsePage(route('/vms/sites'), visitor('viewer', { vms: true }))).toBe(true);
    expect(mayUsePage(route('/ai/detection'), visitor('viewer', { ai: true }))).toBe(true);
    expect(mayUsePage(route('/ai/settings'), visitor('viewer', { ai: true }))).toBe(false);
    expect(pageNeeds(route('/ai/settings'))).toEqual({ roles: ['manager', 'admin'], plan: 'ai' });
  });

  it('every role uses the pages made for all; admin pages are the administrators’', () => {
    expect(pageNeeds(route('/viewer/live'))).toEqual({});
    expect(pageNeeds(route('/security'))).toEqual({});
    expect(pageNeeds(route('/admin/users'))).toEqual({ roles: ['admin'] });
    expect(leastRole(['operator', 'manager', 'admin'])).toBe('operator');
    expect(leastRole(['admin'])).toBe('admin');
  });
});
