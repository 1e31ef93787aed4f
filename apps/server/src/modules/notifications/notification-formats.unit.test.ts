import { describe, expect, it } from 'vitest';
import type { NotifiedEvent } from '../../lib/delivery-channel.ts';
import { localClock } from './digest.service.ts';
import { eventTopic, mqttEventMessage } from './mqtt-payload.ts';
import { maskBrokerUrl } from './notification-settings.service.ts';
import { multipartFields } from './unsubscribe.routes.ts';
import { unsubscribeToken, unsubscribeTokenValid } from './unsubscribe-token.ts';

const event: NotifiedEvent = {
  id: 'e1',
  workspaceId: 'w1',
  workspaceName: 'Home',
  cameraId: null,
  cameraName: null,
  kind: 'camera.offline',
  severity: 'alert',
  startAt: new Date('2026-03-10T09:00:00.500Z'),
  endAt: new Date('2026-03-10T09:05:00Z'),
  armed: true,
  zones: ['Gate'],
  thumbnailKey: null,
  detail: null,
};

describe('notification formats', () => {
  it('the digest hour and date are the person’s wall clock, across DST and unknown zones', () => {
    // 2026-03-29 is the EU spring-forward: 06:30 UTC is 08:30 in Paris (CEST), the day before 07:30 (CET).
    expect(localClock('Europe/Paris', new Date('2026-03-29T06:30:00Z'))).toEqual({ hour: 8, date: '2026-03-29' });
    expect(localClock('Europe/Paris', new Date('2026-03-28T06:30:00Z'))).toEqual({ hour: 7, date: '2026-03-28' });
    expect(localClock('Pacific/Auckland', new Date('2026-03-10T20:00:00Z'))).toEqual({ hour: 9, date: '2026-03-11' });
    expect(localClock('Not/AZone', new Date('2026-03-10T23:00:00Z'))).toEqual({ hour: 23, date: '2026-03-10' });
  });

  it('an event already over is published as its end, with the open state before; workspace events have their topic', () => {
    const m = mqttEventMessage(event, { link: 'http://x/e', imageUrl: null });
    expect(eventTopic(event)).toBe('vigil/w1/workspace/events');
    expect(m.type).toBe('end');
    expect(m.after).toMatchObject({
      camera: 'Home',
      start_time: 1773133200.5,
      end_time: 1773133500,
      current_zones: [],
    });
    expect(m.before).toMatchObject({ end_time: null, current_zones: ['Gate'], entered_zones: ['Gate'] });
  });

  it('unsubscribe tokens are bound to the person and the secret', () => {
    const t = unsubscribeToken('s'.repeat(32), 'u1');
    expect(t).toMatch(/^[\w-]{43}$/);
    expect(unsubscribeTokenValid('s'.repeat(32), 'u1', t)).toBe(true);
    expect(unsubscribeTokenValid('s'.repeat(32), 'u2', t)).toBe(false);
    expect(unsubscribeTokenValid('x'.repeat(32), 'u1', t)).toBe(false);
    expect(unsubscribeTokenValid('s'.repeat(32), 'u1', `${t}x`)).toBe(false);
  });

  it('reads RFC 8058’s multipart one-click body; masks a broker password without encoding the mask', () => {
    const body = '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    expect(multipartFields(body, 'multipart/form-data; boundary=b')).toEqual({ 'List-Unsubscribe': 'One-Click' });
    expect(multipartFields(body, 'multipart/form-data')).toEqual({});
    expect(maskBrokerUrl('mqtts://ha:p%40ss@broker.lan:8883')).toBe('mqtts://ha:••••••@broker.lan:8883');
    expect(maskBrokerUrl('mqtt://broker.lan')).toBe('mqtt://broker.lan');
  });
});
