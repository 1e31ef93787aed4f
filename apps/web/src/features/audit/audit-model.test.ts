import type { AuditEntry, AuditVerifyResult } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, actorOf, filterParams, summaryOf, targetOf, verifyMessage } from './audit-model.ts';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '1',
  chain: 'w',
  seq: 1,
  at: '2026-03-10T10:00:00.000Z',
  workspaceId: 'w',
  actorId: 'u',
  actorKind: 'user',
  actorEmail: 'ann@example.com',
  actorName: 'Ann',
  apiKeyId: null,
  action: 'camera.created',
  targetType: 'camera',
  targetId: '6f1c2a4e-0000-4000-8000-000000000000',
  ip: '203.0.113.1',
  details: {},
  hash: 'h',
  ...over,
});

describe('audit panel model', () => {
  it('sends only the filters that are set, times as instants', () => {
    expect(filterParams(EMPTY_FILTERS).toString()).toBe('');
    const p = filterParams({ installation: true, person: ' ann ', action: 'camera', from: 0, to: null });
    expect(Object.fromEntries(p)).toEqual({
      scope: 'installation',
      person: 'ann',
      action: 'camera',
      from: '1970-01-01T00:00:00.000Z',
    });
  });

  it('names the actor: a person, an API key, the system, a deleted account', () => {
    expect(actorOf(entry())).toEqual({ kind: 'person', name: 'Ann', sub: 'ann@example.com' });
    expect(actorOf(entry({ actorKind: 'system', actorId: null }))).toMatchObject({ kind: 'system' });
    expect(actorOf(entry({ actorKind: 'api-key', apiKeyId: 'abcdef0123' })).name).toBe('abcdef01');
    expect(actorOf(entry({ actorEmail: null, actorName: null, actorId: '12345678-9' }))).toMatchObject({
      kind: 'gone',
      name: '12345678',
    });
  });

  it('labels the target by the name it kept, else a short id', () => {
    expect(targetOf(entry({ details: { name: 'Hall' } }))).toEqual({ type: 'camera', label: 'Hall' });
    expect(targetOf(entry()).label).toBe('6f1c2a4e');
    expect(targetOf(entry({ targetType: 'plan', targetId: 'pro' })).label).toBe('pro');
  });

  it('words the verify result', () => {
    const ok: AuditVerifyResult = { ok: true, entries: 3, chains: 1, brokenAt: null, checkpointAt: null, ms: 1 };
    expect(verifyMessage(ok)).toEqual({ key: 'audit.verify.ok', values: { count: 3 } });
    expect(verifyMessage({ ...ok, entries: 0 }).key).toBe('audit.verify.empty');
    const broken = {
      ...ok,
      ok: false,
      brokenAt: { id: '9', chain: 'w', seq: 7, at: '2026-03-10T10:00:00.000Z', reason: 'hash-mismatch' as const },
    };
    expect(verifyMessage(broken)).toMatchObject({ key: 'audit.verify.broken.hash-mismatch', values: { seq: 7 } });
  });
});

describe('audit entry summary', () => {
  const base = entry();
  it('says what changed when the entry kept it', () => {
    expect(summaryOf({ ...base, details: { name: 'B', previousName: 'A' } })).toEqual({ text: 'A → B' });
    expect(summaryOf({ ...base, details: { timeZone: 'Asia/Tokyo' } })).toEqual({ text: 'Asia/Tokyo' });
    expect(summaryOf({ ...base, details: { from: 'user', to: 'manager' } })).toEqual({ text: 'user → manager' });
    expect(
      summaryOf({
        ...base,
        details: { from: { plan: 'basic', status: 'trial' }, to: { plan: 'pro', status: 'active' } },
      }),
    ).toEqual({ text: 'basic (trial) → pro (active)' });
    expect(summaryOf({ ...base, details: { recordings: 2, reason: 'max-storage' } })).toEqual({
      key: 'audit.summary.recordings',
      values: { count: 2, reason: 'max-storage' },
    });
    expect(summaryOf({ ...base, details: { name: 'Hall' } })).toBeNull();
  });
});
