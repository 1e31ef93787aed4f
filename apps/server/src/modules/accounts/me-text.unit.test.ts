import type { Me } from '@vigil/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepMeText, keptMeText } from './me-text.ts';
import { type UserRow, type WorkspaceRow, toUserDoc, toWorkspace } from './user-doc.ts';

const DAY = 86_400_000;

function rows(trialEnd = new Date(Date.now() + 7 * DAY)) {
  const at = new Date('2026-01-01T00:00:00Z');
  const user = {
    id: 'u1',
    email: 'a@example.com',
    displayName: 'A',
    photoPath: null,
    role: 'user',
    plan: 'basic',
    planStatus: 'trial',
    trialStartDate: at,
    trialEndDate: trialEnd,
    createdAt: at,
    updatedAt: at,
    lastLoginAt: null,
    preferences: { language: 'en' },
    limits: {},
    usage: {},
    aiAccess: false,
    vmsAccess: false,
    disabledAt: null,
    workspaceId: 'w1',
    billingState: null,
  } as unknown as UserRow;
  const workspace = {
    id: 'w1',
    name: 'W',
    ownerId: 'u1',
    viewersMayExport: true,
    newCameraMotionAlerts: true,
    requireTwoFactor: false,
    createdAt: at,
    updatedAt: at,
  } as unknown as WorkspaceRow;
  return { user, workspace, twoFactorEnabled: false };
}

/** What the route keeps after writing a document: here JSON.stringify stands in for its serializer. */
function answer(session: ReturnType<typeof rows>, photoURL: string | null = null): string {
  const me = {
    user: toUserDoc(session.user, photoURL),
    workspace: toWorkspace(session.workspace),
    twoFactor: { enabled: session.twoFactorEnabled, required: false },
  } as Me;
  return keepMeText(session, me, JSON.stringify(me));
}

/** The next request's session: a shallow copy of the same kept row, as the session cache hands out. */
const copy = (s: ReturnType<typeof rows>) => ({ ...s, user: { ...s.user } });

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/v1/me's kept text", () => {
  it('answers the kept text to the next copy of the same session', () => {
    const s = rows();
    expect(keptMeText(s)).toBeUndefined();
    const text = answer(s);
    expect(keptMeText(copy(s))).toBe(text);
  });

  it('is not answered once any field of the person, their two-factor or their plan status differs', () => {
    const s = rows();
    answer(s);
    expect(keptMeText({ ...s, user: { ...s.user, displayName: 'B' } })).toBeUndefined();
    expect(
      keptMeText({ ...s, user: { ...s.user, preferences: { ...s.user.preferences, language: 'fr' } } }),
    ).toBeUndefined();
    expect(keptMeText({ ...s, twoFactorEnabled: true })).toBeUndefined();
    // Another person whose session shares the row object (an API key's owner): never their text.
    expect(keptMeText({ ...s, user: { ...s.user, id: 'u2' } })).toBeUndefined();
    // A field more or less is a different row.
    expect(keptMeText({ ...s, user: { ...s.user, extra: 1 } as UserRow })).toBeUndefined();
    const { billingState: _gone, ...fewer } = s.user;
    expect(keptMeText({ ...s, user: fewer as UserRow })).toBeUndefined();
  });

  it('follows the clock: once the trial ends, the text is written again with the new status', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    const s = rows(new Date('2026-03-02T00:00:00Z'));
    const during = answer(s);
    expect(keptMeText(copy(s))).toBe(during);
    vi.setSystemTime(new Date('2026-03-03T00:00:00Z'));
    expect(keptMeText(copy(s))).toBeUndefined();
    const after = answer(copy(s));
    expect(JSON.parse(after).user.planStatus).not.toBe(JSON.parse(during).user.planStatus);
    expect(keptMeText(copy(s))).toBe(after);
  });

  it('never keeps the document of a person with a photo (its URL is signed for each answer)', () => {
    const s = rows();
    const withPhoto = { ...s, user: { ...s.user, photoPath: 'w1/photos/u1.png' } };
    answer(withPhoto, 'https://example.com/signed');
    expect(keptMeText(copy(withPhoto))).toBeUndefined();
  });
});
