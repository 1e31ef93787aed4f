import { isErrorCode } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/harness.ts';
import { INBOUND_PATH, STATUS_CALLBACK_PATH } from './sms-sender.service.ts';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/**
 * Twilio's public callbacks take whatever the internet sends: every odd body gets a 4xx in the
 * catalogue's shape (`{ error: { code, message } }`), never a 500. Keys named like
 * Object.prototype's members are the classic trap for lookups on plain objects.
 */
const huge = (n: number) => 'x'.repeat(n);
/** Content type → bodies sent with it ('' sends none). */
const ODD_BODIES: Record<string, string[]> = {
  [JSON_TYPE]: [
    '{"constructor": -1}',
    '{"__proto__": {"x": 1}, "toString": 2}',
    '{"hasOwnProperty": "x", "valueOf": null}',
    '[1, 2, {"constructor": -1}]',
    'null',
    '{"constructor": ',
    '',
    `{"constructor": "${huge(3_000_000)}"}`,
  ],
  [FORM]: [
    'constructor=-1',
    '__proto__=1&toString=2&AccountSid=AC1',
    'constructor=1&__proto__=2&valueOf=3',
    'AccountSid=a&AccountSid=b&constructor=c',
    '',
    `AccountSid=${huge(3_000_000)}`,
  ],
  '': ['constructor=-1'],
  'text/plain': ['{"constructor": -1}'],
  'application/xml': ['<constructor>-1</constructor>'],
};

describe('Twilio callbacks with odd bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  for (const path of [STATUS_CALLBACK_PATH, INBOUND_PATH])
    it(`${path}: a 4xx in the catalogue's shape for any body`, async () => {
      for (const [type, bodies] of Object.entries(ODD_BODIES))
        for (const body of bodies) {
          const res = await t.app.inject({
            method: 'POST',
            url: path,
            headers: type ? { 'content-type': type } : {},
            payload: body,
          });
          const what = `${type || 'no type'} ${body.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          const error = res.json().error;
          expect(isErrorCode(error.code), what).toBe(true);
          expect(typeof error.message, what).toBe('string');
        }
    });
});
