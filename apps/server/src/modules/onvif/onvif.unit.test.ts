import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { splitTarget } from '../camera-import/discovery.service.ts';
import { envelope, passwordDigest, probeMessage } from './messages.ts';
import {
  isAuthFault,
  parseCapabilities,
  parseDeviceInformation,
  parseMediaUri,
  parseProbeMatches,
  parseProfiles,
  scopeValue,
  soapFault,
} from './readers.ts';
import { XmlError, parseXml } from './xml.ts';

describe('the XML reader', () => {
  it('drops prefixes, decodes entities and CDATA, skips comments and declarations', () => {
    const doc = parseXml(
      '<?xml version="1.0"?><!-- hi --><a:Root xmlns:a="urn:x" a:attr="1 &amp; 2"><b:Item>x &lt; y &#65;&#x42;</b:Item>' +
        '<Item><![CDATA[<raw>]]></Item><Empty/></a:Root>',
    );
    const root = doc.children[0]!;
    expect(root.name).toBe('Root');
    expect(root.attrs).toEqual({ attr: '1 & 2' });
    expect(root.children.map((c) => [c.name, c.text])).toEqual([
      ['Item', 'x < y AB'],
      ['Item', '<raw>'],
      ['Empty', ''],
    ]);
  });

  it('refuses a DOCTYPE outright and refuses broken documents', () => {
    expect(() => parseXml('<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>')).toThrow(/DOCTYPE or entity/);
    for (const bad of ['', 'text only', '<a><b></a>', '<a>', '<a', '</a>'])
      expect(() => parseXml(bad), bad).toThrow(XmlError);
    expect(() => parseXml('<a>'.repeat(100) + '</a>'.repeat(100))).toThrow(/too deep/);
  });
});

describe('ONVIF messages', () => {
  it('the probe asks for network video transmitters with its own MessageID', () => {
    const { messageId, xml } = probeMessage('urn:uuid:1234');
    expect(messageId).toBe('urn:uuid:1234');
    const doc = parseXml(xml);
    expect(doc.children[0]!.name).toBe('Envelope');
    expect(xml).toContain('<d:Types>dn:NetworkVideoTransmitter</d:Types>');
    expect(xml).toContain('<a:MessageID>urn:uuid:1234</a:MessageID>');
  });

  it('the UsernameToken carries the password digest of the profile: SHA-1(nonce + created + password)', () => {
    const nonce = Buffer.from('0123456789abcdef');
    const created = '2026-01-02T03:04:05.000Z';
    const want = createHash('sha1').update(`0123456789abcdef${created}s3cret`).digest('base64');
    expect(passwordDigest(nonce, created, 's3cret')).toBe(want);
    const xml = envelope('<tds:GetDeviceInformation/>', { username: 'ad<min', password: 's3cret' });
    expect(xml).toContain('<wsse:Username>ad&lt;min</wsse:Username>');
    expect(xml).toMatch(/#PasswordDigest">[A-Za-z0-9+/=]{28}<\/wsse:Password>/);
    expect(xml).not.toContain('s3cret');
    expect(envelope('<x/>', null)).not.toContain('Security');
  });

  it('reads ProbeMatches: endpoint, addresses, scopes, and what it answers', () => {
    const doc = parseXml(
      '<e:Envelope xmlns:e="s"><e:Header><w:RelatesTo>urn:uuid:1</w:RelatesTo></e:Header><e:Body><d:ProbeMatches>' +
        '<d:ProbeMatch><w:EndpointReference><w:Address>urn:uuid:dev</w:Address></w:EndpointReference>' +
        '<d:Types>dn:NetworkVideoTransmitter</d:Types><d:Scopes> onvif://www.onvif.org/name/Front%20Door\n' +
        'onvif://www.onvif.org/hardware/IPC_123 </d:Scopes><d:XAddrs>http://10.0.0.5/onvif/device_service http://[fe80::1]/x</d:XAddrs>' +
        '</d:ProbeMatch></d:ProbeMatches></e:Body></e:Envelope>',
    );
    const [m] = parseProbeMatches(doc);
    expect(m).toEqual({
      endpoint: 'urn:uuid:dev',
      xaddrs: ['http://10.0.0.5/onvif/device_service', 'http://[fe80::1]/x'],
      scopes: ['onvif://www.onvif.org/name/Front%20Door', 'onvif://www.onvif.org/hardware/IPC_123'],
      types: 'dn:NetworkVideoTransmitter',
      relatesTo: 'urn:uuid:1',
    });
    expect(scopeValue(m!.scopes, 'name')).toBe('Front Door');
    expect(scopeValue(m!.scopes, 'hardware')).toBe('IPC 123');
    expect(scopeValue(m!.scopes, 'location')).toBeNull();
  });

  it('reads device information, the media address, profiles and the stream URI', () => {
    const wrap = (body: string) => parseXml(`<s:Envelope xmlns:s="x"><s:Body>${body}</s:Body></s:Envelope>`);
    expect(
      parseDeviceInformation(
        wrap(
          '<GetDeviceInformationResponse><Manufacturer>Acme</Manufacturer><Model>X1</Model></GetDeviceInformationResponse>',
        ),
      ),
    ).toEqual({ manufacturer: 'Acme', model: 'X1', firmware: null, serial: null });
    expect(
      parseCapabilities(
        wrap(
          '<r><tds:Capabilities><tt:Device><tt:XAddr>http://d</tt:XAddr></tt:Device><tt:Media><tt:XAddr>http://m/media</tt:XAddr></tt:Media></tds:Capabilities></r>',
        ),
      ).get('http://www.onvif.org/ver10/media/wsdl'),
    ).toBe('http://m/media');
    const profiles = wrap(
      '<trt:GetProfilesResponse><trt:Profiles token="p0"><tt:Name>Main</tt:Name><tt:VideoSourceConfiguration><tt:Name>src</tt:Name>' +
        '</tt:VideoSourceConfiguration><tt:VideoEncoderConfiguration><tt:Encoding>H264</tt:Encoding><tt:Resolution><tt:Width>1920</tt:Width>' +
        '<tt:Height>1080</tt:Height></tt:Resolution></tt:VideoEncoderConfiguration></trt:Profiles><trt:Profiles token="p1"/>' +
        '<trt:Profiles><tt:Name>no token</tt:Name></trt:Profiles></trt:GetProfilesResponse>',
    );
    expect(parseProfiles(profiles)).toEqual([
      {
        token: 'p0',
        name: 'Main',
        encoding: 'H264',
        width: 1920,
        height: 1080,
        fps: null,
        backchannel: false,
        ptz: false,
      },
      { token: 'p1', name: 'p1', encoding: null, width: null, height: null, fps: null, backchannel: false, ptz: false },
    ]);
    expect(
      parseMediaUri(
        wrap(
          '<GetStreamUriResponse><MediaUri><Uri>rtsp://10.0.0.5:554/a?x=1&amp;y=2</Uri></MediaUri></GetStreamUriResponse>',
        ),
      ),
    ).toBe('rtsp://10.0.0.5:554/a?x=1&y=2');
  });

  it('recognises a SOAP 1.2 NotAuthorized fault and a SOAP 1.1 one', () => {
    const f12 = soapFault(
      parseXml(
        '<env:Envelope xmlns:env="x"><env:Body><env:Fault><env:Code><env:Value>env:Sender</env:Value><env:Subcode>' +
          '<env:Value>ter:NotAuthorized</env:Value></env:Subcode></env:Code><env:Reason><env:Text>Sender not Authorized</env:Text>' +
          '</env:Reason></env:Fault></env:Body></env:Envelope>',
      ),
    );
    expect(f12).toEqual({ code: 'Sender', subcode: 'NotAuthorized', reason: 'Sender not Authorized' });
    expect(isAuthFault(f12!)).toBe(true);
    const f11 = soapFault(
      parseXml(
        '<E><Body><Fault><faultcode>s:Client</faultcode><faultstring>Bad thing</faultstring></Fault></Body></E>',
      ),
    );
    expect(f11).toEqual({ code: 'Client', subcode: null, reason: 'Bad thing' });
    expect(isAuthFault(f11!)).toBe(false);
    expect(soapFault(parseXml('<E><Body><Ok/></Body></E>'))).toBeNull();
  });

  it('splits discovery targets', () => {
    expect(splitTarget('10.0.0.5')).toEqual({ host: '10.0.0.5', port: 3702 });
    expect(splitTarget('10.0.0.5:4000')).toEqual({ host: '10.0.0.5', port: 4000 });
    expect(splitTarget('cam.local')).toEqual({ host: 'cam.local', port: 3702 });
    expect(splitTarget('[::1]:9')).toEqual({ host: '::1', port: 9 });
    expect(splitTarget('::1')).toEqual({ host: '::1', port: 3702 });
    expect(splitTarget('h:99999')).toBeNull();
    expect(splitTarget('a:b:c:')).toBeNull();
  });
});
