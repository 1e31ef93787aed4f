import type { AdminPlan } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, createBodyOf, formOf, formProblems, pricesChanged, readNumber, serverProblems } from './plan-form.ts';

const plan: AdminPlan = {
  key: 'pro',
  name: 'Pro',
  description: 'More',
  currency: 'EUR',
  prices: { monthly: 29, yearly: 290 },
  limits: { maxCameras: 16, maxRecordings: 10000, maxStorage: 500, aiAnalysisQuota: 1000 },
  features: { aiAccess: true, vms: false },
  public: true,
  archived: false,
  order: 20,
  subscribers: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('plan form', () => {
  it('round-trips a plan into the body the API takes', () => {
    const body = bodyOf(formOf(plan));
    expect(body).toEqual({
      name: 'Pro',
      description: 'More',
      currency: 'EUR',
      prices: { monthly: 29, yearly: 290 },
      limits: plan.limits,
      features: plan.features,
      public: true,
      archived: false,
      order: 20,
    });
  });
  it('reads a French decimal comma and spaces', () => {
    expect(readNumber('29,50')).toBe(29.5);
    expect(readNumber(' 1 000 ')).toBe(1000);
    expect(readNumber('')).toBeNaN();
    expect(bodyOf({ ...formOf(plan), monthly: '19,9' }).prices?.monthly).toBe(19.9);
  });
  it('flags what the browser can see before saving', () => {
    const form = { ...formOf(null), key: 'Bad Key', monthly: '-1', yearly: 'x', maxCameras: '2.5', maxStorage: '0' };
    const p = formProblems(form, true);
    expect(p.key?.key).toBe('pricing.error.key');
    expect(p.name?.key).toBe('pricing.error.required');
    expect(p.monthly?.key).toBe('pricing.error.negative');
    expect(p.yearly?.key).toBe('pricing.error.number');
    expect(p.maxCameras?.key).toBe('pricing.error.integer');
    expect(p.maxStorage?.key).toBe('pricing.error.positive');
    // An existing plan's key is not edited, so not checked.
    expect(formProblems({ ...formOf(plan), key: 'whatever' }, false)).toEqual({});
  });
  it('creates with the key', () => {
    expect(createBodyOf({ ...formOf(plan), key: ' team ' }).key).toBe('team');
  });
  it('puts server field errors beside the form fields', () => {
    expect(
      serverProblems({
        'prices.monthly': 'a price is 0 or more',
        currency: 'unknown',
        'limits.maxCameras': 'too big',
        key: 'taken',
      }),
    ).toEqual({ monthly: 'a price is 0 or more', currency: 'unknown', maxCameras: 'too big', key: 'taken' });
    expect(serverProblems(undefined)).toEqual({});
  });
  it('knows when a price changes', () => {
    expect(pricesChanged(plan, formOf(plan))).toBe(false);
    expect(pricesChanged(plan, { ...formOf(plan), yearly: '280' })).toBe(true);
    expect(pricesChanged(null, formOf(null))).toBe(false);
  });
});
