import { ERROR_MESSAGES, LOGIN_FAILED_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import {
  clientError,
  describeError,
  codeFromCallableStatus,
  codeFromHttpStatus,
  errorFromBody,
  errorKey,
  loginFailureKey,
  loginFailureMessage,
} from './errors.ts';

describe('clientError', () => {
  it('takes the message from the catalogue, whatever the server said', () => {
    expect(clientError('auth/wrong-password')).toEqual({
      code: 'auth/wrong-password',
      message: 'Invalid password. Please try again.',
    });
  });

  it('maps unknown codes to the generic message', () => {
    expect(clientError('auth/banana')).toEqual({ code: 'unknown', message: UNKNOWN_ERROR_MESSAGE });
    expect(clientError(undefined)).toEqual({ code: 'unknown', message: UNKNOWN_ERROR_MESSAGE });
  });

  it('keeps field messages', () => {
    expect(clientError('invalid-argument', { email: 'bad' }).fields).toEqual({ email: 'bad' });
  });
});

describe('errorFromBody', () => {
  it('reads REST errors', () => {
    const body = {
      error: { code: 'auth/email-already-in-use', message: 'whatever', fields: { email: 'taken', n: 3 } },
    };
    expect(errorFromBody(body, 409)).toEqual({
      code: 'auth/email-already-in-use',
      message: 'Email address is already registered.',
      fields: { email: 'taken' },
    });
  });

  it('reads callable errors from details.code', () => {
    const body = { error: { status: 'PERMISSION_DENIED', message: 'no', details: { code: 'permission-denied' } } };
    expect(errorFromBody(body, 403).code).toBe('permission-denied');
  });

  it('reads callable errors from the status alone', () => {
    expect(errorFromBody({ error: { status: 'FAILED_PRECONDITION', message: 'x' } }, 400).code).toBe(
      'failed-precondition',
    );
    expect(errorFromBody({ error: { status: 'DEADLINE_EXCEEDED' } }, 504).code).toBe('deadline-exceeded');
  });

  it('falls back to the HTTP status when the body says nothing useful', () => {
    expect(errorFromBody(undefined, 401).code).toBe('auth/unauthenticated');
    expect(errorFromBody('<html>Bad gateway</html>', 502).code).toBe('unavailable');
    expect(errorFromBody({ error: { code: 'nope' } }, 500).code).toBe('internal');
    expect(errorFromBody({}, 418).code).toBe('unknown');
  });
});

describe('status mappings', () => {
  it('turns callable statuses into catalogue codes', () => {
    expect(codeFromCallableStatus('INVALID_ARGUMENT')).toBe('invalid-argument');
    expect(codeFromCallableStatus('')).toBeUndefined();
    expect(codeFromCallableStatus(5)).toBeUndefined();
  });

  it.each([
    [403, 'permission-denied'],
    [404, 'not-found'],
    [429, 'resource-exhausted'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [500, 'internal'],
  ])('HTTP %i → %s', (status, code) => {
    expect(codeFromHttpStatus(status)).toBe(code);
  });
});

describe('login failure message (spec §8)', () => {
  it('shows the mapped message when there is a code', () => {
    expect(loginFailureMessage('auth/user-not-found')).toBe('User not found. Please check your email address.');
    expect(loginFailureKey('auth/too-many-requests')).toBe('errors.auth/too-many-requests');
  });

  it('shows the login default without a usable code', () => {
    expect(loginFailureMessage(undefined)).toBe(LOGIN_FAILED_MESSAGE);
    expect(loginFailureMessage('unknown')).toBe(LOGIN_FAILED_MESSAGE);
    expect(loginFailureKey(undefined)).toBe('auth.loginFailed');
  });
});

describe('translations of the catalogue', () => {
  const dict = en as Record<string, string>;
  it('English repeats every catalogue message word for word', () => {
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) expect(dict[errorKey(code)]).toBe(message);
    expect(dict[errorKey('whatever')]).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(dict['auth.loginFailed']).toBe(LOGIN_FAILED_MESSAGE);
  });
});

describe('server messages more specific than the catalogue', () => {
  const noFootage = { error: { code: 'failed-precondition', message: 'No recorded footage in that range' } };
  const dicts: Record<string, Record<string, string>> = {
    en,
    fr: { 'errors.failed-precondition': 'L’opération a échoué.', 'serverMessage.Bof': 'Bof en français' },
  };
  const tIn = (language: string) => (key: string, options?: { defaultValue: string }) =>
    dicts[language]?.[key] ?? options?.defaultValue ?? key;

  it('keeps them beside the catalogue message', () => {
    expect(errorFromBody(noFootage, 400)).toEqual({
      code: 'failed-precondition',
      message: 'Operation failed due to system state.',
      detail: 'No recorded footage in that range',
    });
  });

  it('ignores the catalogue default, sign-in codes and internal failures', () => {
    const same = { error: { code: 'failed-precondition', message: 'Operation failed due to system state.' } };
    expect(errorFromBody(same, 400).detail).toBeUndefined();
    expect(errorFromBody({ error: { code: 'auth/wrong-password', message: 'nope' } }, 401).detail).toBeUndefined();
    expect(errorFromBody({ error: { code: 'internal', message: 'db down at x.ts:3' } }, 500).detail).toBeUndefined();
  });

  it('shows the server’s words in English, a translation or both in French', () => {
    const err = errorFromBody(noFootage, 400);
    expect(describeError(err, tIn('en'), 'en')).toBe('No recorded footage in that range');
    expect(describeError(err, tIn('fr'), 'fr')).toBe('L’opération a échoué. No recorded footage in that range');
    expect(describeError({ code: 'failed-precondition', detail: 'Bof' }, tIn('fr'), 'fr')).toBe('Bof en français');
    expect(describeError({ code: 'failed-precondition' }, tIn('en'), 'en')).toBe(
      'Operation failed due to system state.',
    );
    expect(describeError(new Error('boom'), tIn('en'), 'en')).toBe(en['errors.unknown']);
  });

  it('English lists each known server message under its own words', () => {
    const serverKeys = Object.keys(en).filter((k) => k.startsWith('serverMessage.'));
    for (const k of serverKeys) expect(k).toBe(`serverMessage.${(en as Record<string, string>)[k]}`);
  });
});
