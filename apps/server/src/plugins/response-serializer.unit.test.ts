import { billingSchema, cameraAiSettingsOf, cameraListSchema, meSchema } from '@vigil/shared';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, responseSerializerCompiler } from './response-serializer.ts';

type Route = Parameters<typeof responseSerializerCompiler>[0];
const route = (schema: z.ZodType): Route => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as Route;
const compiled = (schema: z.ZodType) => responseSerializerCompiler(route(schema)) as (d: unknown) => string;
const byZod = (schema: z.ZodType) => zodSerializerCompiler(route(schema) as never) as (d: unknown) => string;

const me = {
  user: {
    uid: 'u1',
    email: 'a@b.test',
    displayName: 'Ann "the owner" \u00e9',
    photoURL: null,
    role: 'admin',
    plan: 'pro',
    planStatus: 'trial',
    trialStartDate: '2026-01-01T00:00:00.000Z',
    trialEndDate: '2026-01-15T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    lastLoginAt: null,
    preferences: {
      language: 'fr',
      theme: 'dark',
      timezone: 'Europe/Paris',
      notifications: { email: true, push: false, sms: false, phoneNumber: null },
    },
    limits: { maxCameras: 4, maxRecordings: 1000, maxStorage: 1e10, aiAnalysisQuota: 0 },
    usage: { camerasCount: 1, recordingsCount: 2, storageUsed: 3.5, aiAnalysisUsed: 0 },
    aiAccess: false,
    vmsAccess: true,
    disabled: false,
    workspaceId: 'w1',
  },
  workspace: {
    id: 'w1',
    name: 'Ann’s workspace',
    ownerId: 'u1',
    viewersMayExport: true,
    newCameraMotionAlerts: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  twoFactor: { enabled: false, required: true },
};

describe('the compiled response serializer', () => {
  it('writes /me as zod’s serializer does', () => {
    expect(JSON.parse(compiled(meSchema)(me))).toEqual(JSON.parse(byZod(meSchema)(me)));
  });

  it('never writes a field the schema does not declare (a row’s password hash)', () => {
    const row = { ...me, user: { ...me.user, passwordHash: 'argon2id$secret' }, extra: 1 };
    const text = compiled(meSchema)(row);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('extra');
    expect(JSON.parse(text)).toEqual(JSON.parse(byZod(meSchema)(me)));
  });

  it('refuses an answer without a required field (a 500, not a silent hole)', () => {
    const { uid: _uid, ...user } = me.user;
    expect(() => compiled(meSchema)({ ...me, user })).toThrow();
  });

  it('writes null and a value of a nullable object alike', () => {
    const schema = z.object({
      quota: z.object({ used: z.number(), max: z.number() }).nullable(),
      n: z.string().nullable(),
    });
    for (const v of [
      { quota: null, n: null },
      { quota: { used: 1, max: 2 }, n: 'x' },
    ])
      expect(JSON.parse(compiled(schema)(v))).toEqual(v);
    expect(responseJsonSchema(schema)).not.toHaveProperty('properties.quota.anyOf');
  });

  it('writes a camera list (tuples, records, unions) as zod’s serializer does', () => {
    const camera = {
      id: 'c1',
      workspaceId: 'w1',
      name: 'Gate',
      source: { type: 'rtsp', url: 'rtsp://cam/1', username: null, hasPassword: false },
      substreamUrl: null,
      onvif: { address: '192.0.2.7:80', profileToken: 'main', ptz: true, events: true, audioBackchannel: false },
      recordingMode: 'continuous',
      retentionDays: 30,
      siteId: null,
      enabled: true,
      status: 'online',
      lastError: null,
      statusChangedAt: null,
      video: { codec: 'h264', width: 1920, height: 1080, fps: 25, codecString: null, profile: null, level: null },
      recordSound: false,
      audio: { codec: null, sampleRate: null },
      motion: {
        enabled: true,
        sensitivity: 50,
        minArea: 0.2,
        minSeconds: 0,
        source: 'both',
        masks: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
        ],
        zones: [],
      },
      scheduleId: null,
      scheduleRecording: true,
      eventSeverity: { motion: 'alert' },
      ai: cameraAiSettingsOf({ enabled: true }),
      armed: true,
      armedUntil: null,
      armOverride: null,
      notificationsSnoozedUntil: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const list = { items: [camera], nextCursor: null, quota: { used: 1, max: 4 } };
    expect(JSON.parse(compiled(cameraListSchema)(list))).toEqual(JSON.parse(byZod(cameraListSchema)(list)));
  });

  it('keeps zod’s serializer for what JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    expect(responseJsonSchema(schema)).toBeNull();
    expect(() => compiled(schema)({ at: 'not a date' })).toThrow();
  });
  it('writes a nullable union (billing’s payment method) as zod’s serializer does, null or either branch', () => {
    const billing = {
      plan: 'basic',
      planName: 'Basic',
      planStatus: 'trial',
      interval: null,
      source: null,
      trialEndDate: '2026-12-04T09:12:26.993Z',
      trialDaysLeft: 7,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      pendingChange: null,
      nextChangeAt: '2026-12-04T09:12:26.993Z',
      limits: { maxCameras: 10, maxStorage: 10, maxRecordings: 100, aiAnalysisQuota: 0 },
      usage: { storageUsed: 0.044, camerasCount: 0, aiAnalysisUsed: 0, recordingsCount: 2 },
      features: { vms: false, aiAccess: false },
      nextAmount: null,
      currency: 'EUR',
      paymentMethod: null,
      provider: 'manual',
      openInvoiceId: null,
      storageHistory: [{ day: '2026-11-27', bytes: 44000000 }],
      invoices: [],
      creditNotes: [],
    };
    for (const paymentMethod of [null, { type: 'card', brand: 'visa', last4: '4242' }, { type: 'invoice' }]) {
      const value = { ...billing, paymentMethod };
      expect(JSON.parse(compiled(billingSchema)(value))).toEqual(JSON.parse(byZod(billingSchema)(value)));
    }
  });
});
