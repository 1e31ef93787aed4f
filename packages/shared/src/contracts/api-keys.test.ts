import { describe, expect, it } from 'vitest';
import { createApiKeySchema, grantableKeyRoles, lowerKeyRole } from './api-keys.ts';

describe('API key roles', () => {
  it('are never above the creator’s role, and at most manager', () => {
    expect(grantableKeyRoles('admin')).toEqual(['manager', 'operator', 'viewer']);
    expect(grantableKeyRoles('user')).toEqual(['manager', 'operator', 'viewer']);
    expect(grantableKeyRoles('manager')).toEqual(['manager', 'operator', 'viewer']);
    expect(grantableKeyRoles('operator')).toEqual(['operator', 'viewer']);
    expect(grantableKeyRoles('viewer')).toEqual(['viewer']);
    // An unreadable role reads as viewer.
    expect(grantableKeyRoles(undefined)).toEqual(['viewer']);
  });

  it('act as the lower of the key’s and the creator’s current role', () => {
    expect(lowerKeyRole('manager', 'user')).toBe('manager');
    expect(lowerKeyRole('manager', 'operator')).toBe('operator');
    expect(lowerKeyRole('operator', 'viewer')).toBe('viewer');
    expect(lowerKeyRole('viewer', 'admin')).toBe('viewer');
  });

  it('a creation names one of the three key roles', () => {
    expect(createApiKeySchema.safeParse({ name: 'x', role: 'admin' }).success).toBe(false);
    expect(createApiKeySchema.safeParse({ name: 'x', role: 'user' }).success).toBe(false);
    expect(createApiKeySchema.parse({ name: ' Panel ', role: 'viewer' })).toEqual({ name: 'Panel', role: 'viewer' });
  });
});
