import { describe, expect, it } from 'vitest';
import { errorResponsesFor } from './openapi-errors.ts';
import { operationIdFor } from './openapi-names.ts';
import { normalizeSchemas } from './openapi.ts';

describe('operationIdFor', () => {
  it('names a collection and its members by method', () => {
    expect(operationIdFor('GET', '/api/v1/cameras')).toBe('listCameras');
    expect(operationIdFor('POST', '/api/v1/cameras')).toBe('createCamera');
    expect(operationIdFor('GET', '/api/v1/cameras/:id')).toBe('getCamera');
    expect(operationIdFor('PATCH', '/api/v1/cameras/{id}')).toBe('updateCamera');
    expect(operationIdFor('DELETE', '/api/v1/cameras/:id')).toBe('deleteCamera');
    expect(operationIdFor('PUT', '/api/v1/ai/settings')).toBe('setAiSettings');
  });

  it('names what hangs under a member, actions by their verb, files by their extension', () => {
    expect(operationIdFor('GET', '/api/v1/cameras/:id/timeline')).toBe('getCameraTimeline');
    expect(operationIdFor('POST', '/api/v1/cameras/:id/snooze')).toBe('snoozeCamera');
    expect(operationIdFor('POST', '/api/v1/tasks/:id/comments')).toBe('createTaskComment');
    expect(operationIdFor('POST', '/api/v1/policies')).toBe('createPolicy');
    expect(operationIdFor('GET', '/api/v1/analytics/events.csv')).toBe('getAnalyticsEventsCsv');
    expect(operationIdFor('GET', '/api/v1/admin/payment-settings')).toBe('getAdminPaymentSettings');
  });

  it('takes the odd ones from the overrides', () => {
    expect(operationIdFor('POST', '/api/fn/:name')).toBe('callFunction');
    expect(operationIdFor('POST', '/api/v1/auth/sign-in')).toBe('signIn');
  });
});

describe('errorResponsesFor', () => {
  it('lists what the route can answer', () => {
    const refs = (r: Record<string, unknown>) => Object.keys(r);
    expect(refs(errorResponsesFor({ method: 'patch', path: '/api/v1/cameras/{id}', isPublic: false }))).toEqual([
      '400',
      '401',
      '403',
      '404',
      '409',
      '429',
      'default',
    ]);
    expect(refs(errorResponsesFor({ method: 'get', path: '/api/health', isPublic: true }))).toEqual(['400', 'default']);
    expect(errorResponsesFor({ method: 'post', path: '/api/fn/{name}', isPublic: false }).default).toEqual({
      $ref: '#/components/responses/CallableFailure',
    });
  });
});

describe('normalizeSchemas', () => {
  it('gives nullable a type from its branches and keeps a repeated tuple member once', () => {
    const doc = {
      a: { nullable: true, oneOf: [{ type: 'object', properties: {} }, { type: 'object' }] },
      b: {
        type: 'array',
        items: {
          anyOf: [
            { type: 'number', minimum: 0 },
            { type: 'number', minimum: 0 },
          ],
        },
      },
      c: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    };
    normalizeSchemas(doc);
    expect(doc.a).toMatchObject({ type: 'object', nullable: true });
    expect(doc.b.items).toEqual({ type: 'number', minimum: 0 });
    expect(doc.c.anyOf).toHaveLength(2);
  });
});
