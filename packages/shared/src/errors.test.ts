import { describe, expect, it } from 'vitest';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, UNKNOWN_ERROR_MESSAGE, messageForCode } from './errors.ts';

describe('error catalogue', () => {
  it('gives the spec §8 message for each code and the generic one otherwise', () => {
    expect(messageForCode('auth/wrong-password')).toBe('Invalid password. Please try again.');
    expect(messageForCode('permission-denied')).toBe('You do not have permission to perform this action.');
    expect(messageForCode('auth/something-new')).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(messageForCode(undefined)).toBe('An unexpected error occurred. Please try again.');
    expect(messageForCode('toString')).toBe(UNKNOWN_ERROR_MESSAGE);
  });
  it('maps every code to an HTTP status of the right class', () => {
    for (const code of Object.keys(ERROR_MESSAGES) as (keyof typeof ERROR_MESSAGES)[]) {
      expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
    }
    expect(ERROR_HTTP_STATUS['not-found']).toBe(404);
    expect(ERROR_HTTP_STATUS['auth/unauthenticated']).toBe(401);
    expect(ERROR_HTTP_STATUS.internal).toBe(500);
  });
});
