import { createHmac } from 'node:crypto';

/**
 * The bearer token Vigil processes show each other (a serve asking a recorder for a live feed).
 * Derived from AUTH_SECRET, which every process of an installation already shares, so there is
 * no second secret to distribute, and it never equals anything a user can hold.
 */
export function internalToken(authSecret: string): string {
  return createHmac('sha256', authSecret).update('vigil internal token v1').digest('base64url');
}
