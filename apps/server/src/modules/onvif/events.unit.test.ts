import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codecOf } from './device.ts';
import {
  EVENT_ACTIONS,
  EVENT_OPS,
  type Notification,
  parsePullMessages,
  parseSubscription,
  signalOf,
} from './events.ts';
import { envelope } from './messages.ts';
import { parseProfiles } from './readers.ts';
import { XmlError, parseXml } from './xml.ts';

/**
 * The event readers and the topic rules on answers real cameras gave (Hikvision, Dahua and
 * Reolink, quoted in public issues: test/fixtures/onvif-recorded/README.md names each source),
 * and on the topic variants the vendors send.
 */
const vendor = (name: string) =>
  parseXml(
    readFileSync(
      path.join(import.meta.dirname, '../../../test/fixtures/onvif-recorded/vendors', `${name}.xml`),
      'utf8',
    ),
  );

const note = (topic: string, data: Record<string, string>, extra: Partial<Notification> = {}): Notification => ({
  topic: topic
    .split('/')
    .map((p) => p.slice(p.indexOf(':') + 1))
    .join('/'),
  rawTopic: topic,
  utcTime: null,
  operation: 'Changed',
  source: {},
  data,
  ...extra,
});

describe('recorded answers of Hikvision, Dahua and Reolink cameras', () => {
  it('Hikvision profiles (Media ver10, default namespaces, no prefixes)', () => {
    expect(parseProfiles(vendor('hikvision-GetProfiles'))).toEqual([
      {
        token: 'Profile_1',
        name: 'mainStream',
        encoding: 'H264',
        width: 640,
        height: 480,
        fps: 2,
        backchannel: false,
        ptz: false,
      },
    ]);
  });

  it('Dahua profiles: H.265 named in Media ver10', () => {
    const [p] = parseProfiles(vendor('dahua-GetProfiles'));
    expect(p).toMatchObject({ token: 'Profile000', encoding: 'H265', width: 1920, height: 1080, fps: 1 });
    expect(codecOf(p!.encoding)).toBe('h265');
  });

  it('Reolink PullMessages: the state a subscription starts with, without namespace declarations', () => {
    const answer = parsePullMessages(vendor('reolink-PullMessages'));
    expect(answer?.ttlMs).toBe(120_000);
    expect(answer?.notifications).toEqual([
      {
        topic: 'RuleEngine/CellMotionDetector/Motion',
        rawTopic: 'tns1:RuleEngine/CellMotionDetector/Motion',
        utcTime: '2024-03-12T00:45:48Z',
        operation: 'Initialized',
        source: { VideoSourceConfigurationToken: '000' },
        data: { IsMotion: 'false' },
      },
    ]);
    expect(signalOf(answer!.notifications[0]!)).toMatchObject({ kind: 'motion', state: false, initial: true });
  });

  it('Hikvision PullMessages: its own motion topic, video cover and tamper, states in capitals', () => {
    const answer = parsePullMessages(vendor('hikvision-PullMessages'));
    expect(answer?.ttlMs).toBe(60_000);
    const signals = answer!.notifications.map(signalOf);
    expect(signals.map((s) => s && [s.kind, s.state, s.key])).toEqual([
      ['motion', false, 'motion::vstoken_ch0001'],
      ['tamper', false, 'tamper::vstoken_ch0001'],
      ['tamper', false, 'tamper::vstoken_ch0001'],
    ]);
  });
});

describe('topics as Vigil reads them', () => {
  it('motion, from every variant, with its state in any spelling', () => {
    const cases: [string, Record<string, string>, boolean][] = [
      ['tns1:VideoSource/MotionAlarm', { State: 'true' }, true],
      ['tns1:RuleEngine/CellMotionDetector/Motion', { IsMotion: 'false' }, false],
      ['tns1:RuleEngine/MotionRegionDetector/Motion', { State: '1' }, true],
      ['tns1:VideoAnalytics/tnshik:MotionAlarm', { State: 'TRUE' }, true],
      ['tns1:RuleEngine/MyRuleDetector/Motion', { State: '0' }, false],
    ];
    for (const [topic, data, state] of cases)
      expect(signalOf(note(topic, data)), topic).toMatchObject({ kind: 'motion', state });
  });

  it('tamper, intrusion, a line crossed and Reolink’s people and vehicles', () => {
    expect(signalOf(note('tns1:VideoSource/GlobalSceneChange/ImagingService', { State: 'true' }))).toMatchObject({
      kind: 'tamper',
      state: true,
    });
    expect(signalOf(note('tns1:RuleEngine/TamperDetector/Tamper', { IsTamper: 'true' }))).toMatchObject({
      kind: 'tamper',
      state: true,
    });
    expect(
      signalOf(note('tns1:RuleEngine/FieldDetector/ObjectsInside', { IsInside: 'true' }, { source: { Rule: 'Yard' } })),
    ).toMatchObject({ kind: 'motion', label: 'intrusion', state: true, key: 'motion:intrusion:Yard' });
    expect(signalOf(note('tns1:RuleEngine/LineDetector/Crossed', { ObjectId: '3' }))).toMatchObject({
      kind: 'motion',
      label: 'line',
      state: 'pulse',
    });
    // A line crossing has no state to start from.
    expect(signalOf(note('tns1:RuleEngine/LineDetector/Crossed', {}, { operation: 'Initialized' }))).toBeNull();
    expect(signalOf(note('tns1:RuleEngine/MyRuleDetector/PeopleDetect', { State: 'true' }))).toMatchObject({
      label: 'person',
    });
    expect(signalOf(note('tns1:RuleEngine/MyRuleDetector/VehicleDetect', { State: 'true' }))).toMatchObject({
      label: 'vehicle',
    });
  });

  it('passes over other topics and states it cannot read', () => {
    expect(signalOf(note('tns1:Device/Trigger/DigitalInput', { LogicalState: 'true' }))).toBeNull();
    expect(signalOf(note('tns1:VideoSource/MotionAlarm', { State: 'perhaps' }))).toBeNull();
    expect(signalOf(note('tns1:VideoSource/MotionAlarm', {}))).toBeNull();
  });
});

describe('subscription messages', () => {
  it('addresses a subscription in the SOAP header, signed as every call', () => {
    const xml = envelope(EVENT_OPS.pullMessages(20, 32), { username: 'a&b', password: 'p' }, new Date(0), {
      action: EVENT_ACTIONS.pull,
      to: 'http://cam/sub?a=1&b=2',
    });
    expect(xml).toContain(
      '<wsa5:To xmlns:wsa5="http://www.w3.org/2005/08/addressing" s:mustUnderstand="1">http://cam/sub?a=1&amp;b=2</wsa5:To>',
    );
    expect(xml).toContain('<tev:Timeout>PT20S</tev:Timeout><tev:MessageLimit>32</tev:MessageLimit>');
    expect(xml).toContain('<wsse:Username>a&amp;b</wsse:Username>');
    // Still one well-formed document with a single header.
    expect(parseXml(xml).children[0]!.children.filter((c) => c.name === 'Header')).toHaveLength(1);
  });

  it('reads the subscription a camera hands out', () => {
    const doc = parseXml(
      '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><tev:CreatePullPointSubscriptionResponse>' +
        '<tev:SubscriptionReference><wsa5:Address>http://10.0.0.5/onvif/Subscription?Idx=4</wsa5:Address></tev:SubscriptionReference>' +
        '<wsnt:CurrentTime>2024-01-01T00:00:00Z</wsnt:CurrentTime><wsnt:TerminationTime>2024-01-01T00:01:00Z</wsnt:TerminationTime>' +
        '</tev:CreatePullPointSubscriptionResponse></s:Body></s:Envelope>',
    );
    expect(parseSubscription(doc)).toEqual({ address: 'http://10.0.0.5/onvif/Subscription?Idx=4', ttlMs: 60_000 });
    expect(parseSubscription(parseXml('<a><b/></a>'))).toBeNull();
  });

  it('refuses hostile answers before reading them', () => {
    const inner = readFileSync(
      path.join(import.meta.dirname, '../../../test/fixtures/onvif-recorded/vendors/reolink-PullMessages.xml'),
      'utf8',
    );
    expect(() => parseXml(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${inner}`)).toThrow(XmlError);
    expect(() => parseXml(`${'<a>'.repeat(200)}${'</a>'.repeat(200)}`)).toThrow(/deep/);
    expect(() => parseXml(inner.replace('</tev:PullMessagesResponse>', ''))).toThrow(XmlError);
  });
});
