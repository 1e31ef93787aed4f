import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authorizationFor, challengeParams } from '../../lib/http-digest.ts';
import { cleanUri, codecOf } from './device.ts';
import * as read from './readers.ts';
import { XmlError, parseXml } from './xml.ts';

/**
 * The client's readers on answers recorded from a real camera (test/fixtures/onvif-recorded, from
 * the `onvif` library's test mock-up, MIT), on Media2's shape, and the XML reader's refusals of
 * what a hostile device might send.
 */
const recorded = (name: string) =>
  parseXml(
    readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/onvif-recorded', `${name}.xml`), 'utf8'),
  );

describe('recorded answers of a real camera', () => {
  it('device information, clock, services and capabilities', () => {
    expect(read.parseDeviceInformation(recorded('GetDeviceInformation'))).toEqual({
      manufacturer: 'Mockup Manufacturer',
      model: 'Mockup Model',
      firmware: 'Mockup_15_14_13',
      serial: '00000000',
    });
    expect(read.parseSystemDateAndTime(recorded('GetSystemDateAndTime'))?.toISOString()).toBe(
      '2014-12-24T19:14:37.000Z',
    );
    const services = read.parseServices(recorded('GetServices'));
    expect(services.get(read.NS_OF.media)).toBe('http://192.168.68.111/onvif/services');
    expect(services.has(read.NS_OF.ptz)).toBe(true);
    expect(services.has(read.NS_OF.events)).toBe(true);
    expect(services.has(read.NS_OF.media2)).toBe(false);
    const caps = read.parseCapabilities(recorded('GetCapabilities'));
    expect(caps.get(read.NS_OF.media)).toBe('http://192.168.68.111/onvif/services');
    expect(caps.get(read.NS_OF.ptz)).toBe('http://192.168.68.111/onvif/services');
  });

  it('profiles (Media ver10) and the stream and snapshot addresses', () => {
    expect(read.parseProfiles(recorded('GetProfiles'))).toEqual([
      {
        token: 'main',
        name: 'main',
        encoding: 'H264',
        width: 1920,
        height: 1080,
        fps: 5,
        backchannel: false,
        ptz: true,
      },
    ]);
    expect(read.parseMediaUri(recorded('GetStreamUri'))).toBe('rtsp://192.168.68.111/h264main');
    expect(cleanUri(read.parseMediaUri(recorded('GetSnapshotUri')), ['http:', 'https:'], '192.168.68.111')).toBe(
      'http://192.168.68.111/onvif-cgi/jpg/image.cgi?resolution=800x600&compression=20&camera=1',
    );
  });
});

describe('Media2 (ver20) profiles', () => {
  it('reads H.265 and the backchannel from Configurations; codec names, MIME-style too', () => {
    const doc = parseXml(
      '<s:Envelope xmlns:s="x"><s:Body><tr2:GetProfilesResponse><tr2:Profiles token="P1" fixed="true"><tr2:Name>Main</tr2:Name>' +
        '<tr2:Configurations><tr2:VideoEncoder token="E1"><tt:Encoding>H265</tt:Encoding><tt:Resolution><tt:Width>3840</tt:Width>' +
        '<tt:Height>2160</tt:Height></tt:Resolution><tt:RateControl><tt:FrameRateLimit>20.000000</tt:FrameRateLimit></tt:RateControl>' +
        '</tr2:VideoEncoder><tr2:AudioOutput token="O"/><tr2:AudioDecoder token="D"/><tr2:PTZ token="Z"/></tr2:Configurations>' +
        '</tr2:Profiles></tr2:GetProfilesResponse></s:Body></s:Envelope>',
    );
    expect(read.parseProfiles2(doc)).toEqual([
      { token: 'P1', name: 'Main', encoding: 'H265', width: 3840, height: 2160, fps: 20, backchannel: true, ptz: true },
    ]);
    expect([codecOf('H265'), codecOf('video/H264'), codecOf('JPEG'), codecOf(null)]).toEqual([
      'h265',
      'h264',
      'mjpeg',
      null,
    ]);
  });

  it('a stream address loses its credentials and keeps to its scheme; 0.0.0.0 is the device', () => {
    expect(cleanUri('rtsp://u:p@0.0.0.0:554/a', ['rtsp:'], '10.0.0.9')).toBe('rtsp://10.0.0.9:554/a');
    expect(cleanUri('http://10.0.0.9/a', ['rtsp:'], '10.0.0.9')).toBeNull();
    expect(cleanUri('not a url', ['rtsp:'], '10.0.0.9')).toBeNull();
  });
});

describe('hostile and malformed XML is refused', () => {
  it('entities, external entities, depth, size, broken documents', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><a>&lol2;</a>';
    const external = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><a>&xxe;</a>';
    const parameter = '<!DOCTYPE a [<!ENTITY % p SYSTEM "http://169.254.169.254/">%p;]><a/>';
    for (const doc of [bomb, external, parameter]) expect(() => parseXml(doc)).toThrow(/DOCTYPE or entity/);
    expect(() => parseXml(`${'<a>'.repeat(65)}${'</a>'.repeat(65)}`)).toThrow(/too deep/);
    expect(() => parseXml(`<a>${'x'.repeat(1024 * 1024)}</a>`)).toThrow(/too large/);
    expect(() => parseXml(`<a>${'<b/>'.repeat(20_001)}</a>`)).toThrow(/too many elements/);
    for (const bad of ['', 'text only', '<a><b></a>', '<a>', '<a', '</a>', '<a x="1" x="2"/>'])
      expect(() => parseXml(bad), bad).toThrow(XmlError);
    // An undeclared entity is left as text, never resolved.
    expect(parseXml('<a>&unknown; &lt;</a>').children[0]!.text).toBe('&unknown; <');
  });
});

describe('HTTP Digest as ONVIF devices ask it', () => {
  it('answers SHA-256 with qop=auth when asked, and not unless allowed (the MJPEG probe answers as ffmpeg does)', () => {
    const challenge = 'Digest realm="cam", qop="auth", nonce="abc", algorithm=SHA-256';
    expect(authorizationFor(challenge, { username: 'u', password: 'p' }, 'POST', '/onvif/media')).toBeNull();
    const header = authorizationFor(challenge, { username: 'u', password: 'p' }, 'POST', '/onvif/media', {
      sha256: true,
    })!;
    const p = challengeParams(header.slice(7));
    const h = (s: string) => createHash('sha256').update(s).digest('hex');
    const ha1 = h('u:cam:p');
    const ha2 = h('POST:/onvif/media');
    expect(p).toMatchObject({ algorithm: 'SHA-256', qop: 'auth', nc: '00000001', uri: '/onvif/media' });
    expect(p.response).toBe(h(`${ha1}:abc:${p.nc}:${p.cnonce}:auth:${ha2}`));
  });
});
