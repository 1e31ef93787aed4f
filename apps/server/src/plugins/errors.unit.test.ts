import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { registerErrorHandling } from './errors.ts';
import './fastify-types.ts';

async function app() {
  const a = Fastify({ logger: false, bodyLimit: 100 });
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(a);
  a.post(
    '/v',
    {
      config: { fieldCodes: { email: 'auth/invalid-email' } },
      schema: { body: z.object({ email: z.string().email(), n: z.number() }) },
    },
    async () => 'ok',
  );
  // Every extra key must be a string: the shape of a form whose fields are all kept.
  a.post('/strict', { schema: { body: z.object({}).catchall(z.string()) } }, async () => 'ok');
  a.get('/app', async () => {
    throw new AppError('resource-exhausted');
  });
  a.get('/boom', async () => {
    throw new Error('secret detail: password=hunter2');
  });
  a.get('/pg', async () => {
    throw Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' });
  });
  a.get('/deadlock', async () => {
    throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
  });
  a.post('/fn', { config: { callable: true } }, async () => {
    throw new AppError('permission-denied');
  });
  return a;
}

describe('error mapping', () => {
  it('maps an AppError to its status, code and catalogue message', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/app' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: { code: 'resource-exhausted', message: 'Quota exceeded. Please try again later.' },
    });
  });
  it('maps validation failures to invalid-argument with fields, or the field’s own code', async () => {
    const a = await app();
    const bad = await a.inject({ method: 'POST', url: '/v', payload: { email: 'nope', n: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'auth/invalid-email', message: 'Invalid email address format.' });
    const other = await a.inject({ method: 'POST', url: '/v', payload: { email: 'a@b.co', n: 'x' } });
    expect(other.json().error).toMatchObject({ code: 'invalid-argument', fields: { n: expect.any(String) } });
  });
  it('a field named like an Object.prototype member is a field like any other, never a 500', async () => {
    const a = await app();
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await a.inject({
        method: 'POST',
        url: '/v',
        headers: { 'content-type': 'application/json' },
        payload: `{"email": "a@b.co", "n": 1, "${field}": -1}`,
      });
      // The schema strips unknown keys (valid), or the JSON parser refuses "__proto__" (400).
      expect(res.statusCode, field).toBe(field === '__proto__' ? 400 : 200);
      const strict = await a.inject({
        method: 'POST',
        url: '/strict',
        headers: { 'content-type': 'application/json' },
        payload: `{"${field}": -1}`,
      });
      expect(strict.statusCode, field).toBe(400);
      expect(strict.json().error.code, field).toBe('invalid-argument');
    }
  });
  it('a deadlock between two writers is a conflict to retry (aborted, 409), not a server fault', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/deadlock' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'aborted', message: 'Operation was aborted due to conflict.' } });
  });
  it('hides 5xx detail', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'Internal server error. Please try again.' } });
  });
  it('turns a body over the limit into 413 and malformed JSON into 400', async () => {
    const a = await app();
    const big = await a.inject({ method: 'POST', url: '/v', payload: { email: 'x'.repeat(500) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('out-of-range');
    const junk = await a.inject({
      method: 'POST',
      url: '/v',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.code).toBe('invalid-argument');
  });
  it('treats a value PostgreSQL cannot parse as the caller’s error', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/pg' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });
  it('speaks the callable protocol on callable routes', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/fn', payload: { data: {} } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        status: 'PERMISSION_DENIED',
        message: 'You do not have permission to perform this action.',
        details: { code: 'permission-denied' },
      },
    });
  });
});
