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
const ODD_BODIES: { name: string; type?: string; body: string }[] = [
  { name: 'JSON with constructor', type: JSON_TYPE, body: '{"constructor": -1}' },
  { name: 'JSON with __proto__', type: JSON_TYPE, body: '{"__proto__": {"x": 1}, "toString": 2}' },
  { name: 'JSON with hasOwnProperty', type: JSON_TYPE, body: '{"hasOwnProperty": "x", "valueOf": null}' },
  { name: 'JSON array', type: JSON_TYPE, body: '[1, 2, {"constructor": -1}]' },
  { name: 'JSON null', type: JSON_TYPE, body: 'null' },
  { name: 'broken JSON', type: JSON_TYPE, body: '{"constructor": ' },
  { name: 'form with constructor', type: FORM, body: 'constructor=-1' },
  { name: 'form with __proto__', type: FORM, body: '__proto__=1&toString=2&AccountSid=AC1' },
  { name: 'form with every field prototype-named', type: FORM, body: 'constructor=1&__proto__=2&valueOf=3' },
  { name: 'form with repeated fields', type: FORM, body: 'AccountSid=a&AccountSid=b&constructor=c' },
  { name: 'empty form', type: FORM, body: '' },
  { name: 'empty JSON', type: JSON_TYPE, body: '' },
  { name: 'no content type', body: 'constructor=-1' },
  { name: 'plain text', type: 'text/plain', body: '{"constructor": -1}' },
  { name: 'XML', type: 'application/xml', body: '<constructor>-1</constructor>' },
  { name: 'a huge form', type: FORM, body: `AccountSid=${'A'.repeat(3_000_000)}` },
  { name: 'a huge JSON', type: JSON_TYPE, body: `{"constructor": "${'x'.repeat(3_000_000)}"}` },
];

describe('Twilio callbacks with odd bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  for (const path of [STATUS_CALLBACK_PATH, INBOUND_PATH])
    it(`${path}: a 4xx in the catalogue's shape for any body`, async () => {
      for (const b of ODD_BODIES) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: b.type ? { 'content-type': b.type } : {},
          payload: b.body,
        });
        expect(res.statusCode, `${b.name}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${b.name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        const error = res.json().error;
        expect(isErrorCode(error.code), `${b.name}: ${error.code}`).toBe(true);
        expect(typeof error.message, b.name).toBe('string');
      }
    });
});
