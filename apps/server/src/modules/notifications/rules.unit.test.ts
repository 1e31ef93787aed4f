import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verify } from '../../../test/webhook-receiver.ts';
import type { NotifiedEvent } from '../../lib/delivery-channel.ts';
import { eventImageUrl, imageLinkValid } from './event-image.ts';
import { ruleMatches } from './fanout.service.ts';
import type { RuleRow } from './rules.repo.ts';
import { signatureHeader } from './webhook-payload.ts';

const rule = (o: Partial<RuleRow> = {}): RuleRow => ({
  id: 'r',
  workspaceId: 'w',
  name: 'R',
  enabled: true,
  kinds: [],
  severities: ['alert'],
  cameraIds: [],
  onlyWhenArmed: false,
  recipientUserIds: [],
  recipientRoles: ['owner'],
  channels: ['email'],
  cooldownSeconds: 0,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...o,
});
const event = (o: Partial<NotifiedEvent> = {}): NotifiedEvent => ({
  id: 'e',
  workspaceId: 'w',
  workspaceName: 'W',
  cameraId: 'cam-1',
  cameraName: 'Door',
  kind: 'motion',
  severity: 'alert',
  startAt: new Date(),
  endAt: null,
  armed: true,
  zones: [],
  thumbnailKey: null,
  detail: null,
  ...o,
});

describe('which rules an event fires', () => {
  it('kinds, severities, cameras, armed-only and enabled each narrow it', () => {
    expect(ruleMatches(rule(), event())).toBe(true);
    expect(ruleMatches(rule({ enabled: false }), event())).toBe(false);
    expect(ruleMatches(rule({ kinds: ['camera.offline'] }), event())).toBe(false);
    expect(ruleMatches(rule(), event({ severity: 'info' }))).toBe(false);
    expect(ruleMatches(rule({ severities: ['alert', 'info'] }), event({ severity: 'info' }))).toBe(true);
    expect(ruleMatches(rule({ cameraIds: ['cam-2'] }), event())).toBe(false);
    // A rule for some cameras does not hear workspace-wide events.
    expect(ruleMatches(rule({ cameraIds: ['cam-1'] }), event({ cameraId: null }))).toBe(false);
    expect(ruleMatches(rule({ onlyWhenArmed: true }), event({ armed: false }))).toBe(false);
    expect(ruleMatches(rule({ onlyWhenArmed: true }), event())).toBe(true);
  });
});

describe('webhook signatures and picture links', () => {
  it('X-Vigil-Signature is HMAC-SHA256 of "t.body", and a receiver refuses an old timestamp', () => {
    const body = '{"a":1}';
    const header = signatureHeader('secret', body, 1_800_000_000);
    expect(header).toBe(`t=1800000000,v1=${createHmac('sha256', 'secret').update(`1800000000.${body}`).digest('hex')}`);
    expect(verify('secret', header, body, 1_800_000_000_000 + 60_000)).toBe(true);
    expect(verify('secret', header, body, 1_800_000_000_000 + 10 * 60_000)).toBe(false); // replayed later
    expect(verify('other', header, body, 1_800_000_000_000)).toBe(false);
    expect(verify('secret', header, '{"a":2}', 1_800_000_000_000)).toBe(false);
  });

  it('a picture link is valid for its event for a week, not for another or after', () => {
    const now = Date.UTC(2026, 10, 23);
    const url = new URL(eventImageUrl('https://vigil.example', 's', 'ev-1', now));
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig')!;
    expect(imageLinkValid('s', 'ev-1', exp, sig, now + 6 * 86_400_000)).toBe(true);
    expect(imageLinkValid('s', 'ev-2', exp, sig, now)).toBe(false);
    expect(imageLinkValid('s', 'ev-1', exp, sig, now + 8 * 86_400_000)).toBe(false);
    expect(imageLinkValid('t', 'ev-1', exp, sig, now)).toBe(false);
  });
});
