import { ROUTES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { bannerShownOn } from './connection.ts';

const route = (path: string) => ROUTES.find((r) => r.path === path);

describe('where the spec §1 banner shows', () => {
  it('stays off the public pages', () => {
    for (const path of ['/', '/about', '/auth/login']) expect(bannerShownOn(route(path)), path).toBe(false);
    expect(bannerShownOn(undefined)).toBe(false);
  });
  it('shows on app pages', () => {
    for (const path of ['/viewer/live', '/admin/users']) expect(bannerShownOn(route(path)), path).toBe(true);
  });
});
