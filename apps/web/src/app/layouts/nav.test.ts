import { describe, expect, it } from 'vitest';
import { findRoute } from '../route-table.ts';
import { navSections } from './nav.ts';

const sections = (role: unknown) => navSections(role).map((s) => s.id);
const paths = (role: unknown) => navSections(role).flatMap((s) => s.items.map((i) => i.path));

describe('navSections (spec §6)', () => {
  it('admin sees every area', () => {
    expect(sections('admin')).toEqual(['main', 'viewer', 'operator', 'manager', 'admin', 'ai', 'vms']);
    expect(paths('admin')).toContain('/admin/pricing');
  });

  it('manager and the sign-up role "user" see manager, operator, viewer and main', () => {
    for (const role of ['manager', 'user']) {
      expect(sections(role)).toEqual(['main', 'viewer', 'operator', 'manager', 'ai', 'vms']);
    }
  });

  it('operator sees operator, viewer and main', () => {
    expect(sections('operator')).toEqual(['main', 'viewer', 'operator', 'ai', 'vms']);
  });

  it('viewer (and an unreadable role) sees viewer and main', () => {
    expect(sections('viewer')).toEqual(['main', 'viewer', 'ai', 'vms']);
    expect(sections(undefined)).toEqual(['main', 'viewer', 'ai', 'vms']);
  });

  it('leaves out pages reached from another page', () => {
    const all = paths('admin');
    expect(all).not.toContain('/vms/sites/:id');
    expect(all).not.toContain('/vms/sites/add');
    expect(all).not.toContain('/vms');
    expect(all).toContain('/vms/dashboard');
  });

  it('never lists a page outside the app layouts', () => {
    for (const p of paths('admin')) expect(['landing', 'bare']).not.toContain(findRoute(p)?.layout);
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
