import type { AuthResult, DiscoveryResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RtspServer, startRtspServer } from '../../../../../e2e/fixtures/rtsp-server.ts';
import { type OnvifDevice, startOnvifDevice } from '../../../test/onvif-device.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { countRows, errorOf, grantPlan, withPg } from '../../../test/helpers.ts';
import { insertSite } from '../../../test/route-walk-import.ts';

/**
 * ONVIF discovery against local test devices (test/onvif-device.ts) on 127.0.0.1 — a
 * unicast WS-Discovery probe (multicast is off in tests), then each device's SOAP services, its
 * stream URI pointing at a real RTSP test camera.
 */
describe('ONVIF discovery', () => {
  let t: TestApp;
  let strict: TestApp;
  let rtsp: RtspServer;
  let open: OnvifDevice;
  let locked: OnvifDevice;
  let metadata: OnvifDevice;
  let owner: AuthResult;
  let site: string;

  beforeAll(async () => {
    // One app after the other: two fresh pools at once can miss their connect timeout on a loaded machine.
    rtsp = await startRtspServer();
    t = await createTestApp();
    strict = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'false' });
    [open, locked, metadata] = await Promise.all([
      startOnvifDevice({ name: 'Lobby cam', model: 'TC-100', streamUri: rtsp.url }),
      startOnvifDevice({
        name: 'Yard cam',
        manufacturer: 'Acme',
        model: 'Y-2',
        streamUri: rtsp.url.replace('127.0.0.1', '0.0.0.0'),
        credentials: { username: 'admin', password: 'onvif-pass' },
      }),
      // Answers the probe, but announces the cloud metadata address as its device service.
      startOnvifDevice({
        name: 'Sneaky',
        streamUri: rtsp.url,
        announce: 'http://169.254.169.254/onvif/device_service',
      }),
    ]);
    owner = await signUp(t.app);
    await grantPlan(t.databaseUrl, owner.workspace.id, 'vms');
    site = await insertSite(t.databaseUrl, owner.workspace.id, 'Campus');
  });
  afterAll(async () => {
    await Promise.all([t?.close(), strict?.close(), rtsp?.stop(), open?.stop(), locked?.stop(), metadata?.stop()]);
  });

  const discover = (app: TestApp, token: string, siteId: string, payload: object) =>
    app.app.inject({ method: 'POST', url: `/api/v1/sites/${siteId}/discover`, headers: bearer(token), payload });

  it('finds the devices, their profiles and stream URIs; a device at a forbidden address is skipped', async () => {
    const res = await discover(t, owner.token, site, {
      targets: [open.probeTarget, locked.probeTarget, metadata.probeTarget],
      seconds: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DiscoveryResult;
    // Every target answered: unicast alone does not wait out the 5 s.
    expect(body.durationMs).toBeLessThan(5000);
    expect(body.devices.map((d) => d.name)).toEqual(['Lobby cam', 'Yard cam']);
    const [lobby, yard] = body.devices;
    expect(lobby).toEqual({
      endpoint: expect.stringMatching(/^urn:uuid:/),
      xaddr: open.xaddr,
      host: '127.0.0.1',
      name: 'Lobby cam',
      manufacturer: 'Vigil Labs',
      model: 'TC-100',
      firmware: '1.2.3',
      streams: [
        { token: 'main_0', name: 'MainStream', encoding: 'H264', width: 640, height: 360, uri: rtsp.url },
        { token: 'sub_1', name: 'SubStream', encoding: 'H264', width: 320, height: 180, uri: rtsp.url },
      ],
      error: null,
    });
    // Without credentials the locked device says what it needs; its scopes still name it.
    expect(yard).toMatchObject({
      name: 'Yard cam',
      model: 'Y-2',
      streams: [],
      error: 'The device needs a username and password',
    });
    expect(body.skipped).toEqual([
      {
        xaddr: 'http://169.254.169.254/onvif/device_service',
        reason: expect.stringMatching(/not allowed as a target: link-local/),
      },
    ]);
    // The forbidden device was asked nothing over HTTP (its real address was never announced).
    expect(metadata.calls).toEqual([]);
    expect(open.calls.every((c) => !c.signed)).toBe(true);
  });

  it('with credentials: every request carries a UsernameToken digest the device checks; a wrong password is told', async () => {
    const before = locked.calls.length;
    const res = await discover(t, owner.token, site, {
      targets: [locked.probeTarget],
      username: 'admin',
      password: 'onvif-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [yard] = (res.json() as DiscoveryResult).devices;
    expect(yard).toMatchObject({ manufacturer: 'Acme', model: 'Y-2', error: null });
    // 0.0.0.0 in the stream URI is the device's own address.
    expect(yard!.streams.map((s) => s.uri)).toEqual([rtsp.url, rtsp.url]);
    const calls = locked.calls.slice(before);
    // The same client as adding by address: the device's clock first, then signed calls.
    expect(calls.map((c) => c.op)).toEqual([
      'GetSystemDateAndTime',
      'GetDeviceInformation',
      'GetServices',
      'GetProfiles',
      'GetStreamUri',
      'GetSnapshotUri',
      'GetStreamUri',
      'GetSnapshotUri',
    ]);
    expect(calls.slice(1).every((c) => c.signed && c.authorized)).toBe(true);

    const wrong = await discover(t, owner.token, site, {
      targets: [locked.probeTarget],
      username: 'admin',
      password: 'nope',
    });
    const [refused] = (wrong.json() as DiscoveryResult).devices;
    expect(refused).toMatchObject({ streams: [], error: 'The device refused the username or password' });
    // The password never comes back in any answer.
    expect(wrong.body).not.toContain('nope');
  });

  it('a found stream imports as a camera (the page’s Add)', async () => {
    const found = (await discover(t, owner.token, site, { targets: [open.probeTarget] })).json() as DiscoveryResult;
    const stream = found.devices[0]!.streams[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site}/cameras/import`,
      headers: bearer(owner.token),
      payload: { rows: [{ name: found.devices[0]!.name, url: stream.uri, recordingMode: 'motion' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'queued', total: 1, processed: 0 });
  });

  it('loopback targets are refused without ALLOW_LOOPBACK_TARGETS, and nothing is sent to them', async () => {
    const strictOwner = await signUp(strict.app);
    await grantPlan(strict.databaseUrl, strictOwner.workspace.id, 'vms');
    const strictSite = await insertSite(strict.databaseUrl, strictOwner.workspace.id, 'Strict');
    const probesBefore = open.probes;
    const res = await discover(strict, strictOwner.token, strictSite, {
      targets: [open.probeTarget, '169.254.169.254', 'bad target!'],
    });
    expect(res.statusCode).toBe(400); // the target's own shape is checked first
    const ok = await discover(strict, strictOwner.token, strictSite, {
      targets: [open.probeTarget, '169.254.169.254'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json() as DiscoveryResult;
    expect(body.devices).toEqual([]);
    expect(body.skipped.map((s) => s.xaddr)).toEqual([open.probeTarget, '169.254.169.254']);
    expect(body.skipped[0]!.reason).toMatch(/this server itself/);
    expect(body.skipped[1]!.reason).toMatch(/link-local/);
    expect(open.probes).toBe(probesBefore);
  });

  it('the plan gate and the site: without vms refused; another workspace’s site not found; audited', async () => {
    const basic = await signUp(t.app);
    const basicSite = await insertSite(t.databaseUrl, basic.workspace.id, 'HQ');
    const gated = await discover(t, basic.token, basicSite, { targets: [open.probeTarget] });
    expect([gated.statusCode, errorOf(gated).code]).toEqual([400, 'failed-precondition']);
    const foreign = await discover(t, owner.token, basicSite, {});
    expect([foreign.statusCode, errorOf(foreign).code]).toEqual([404, 'not-found']);
    const audits = await withPg(t.databaseUrl, async (c) =>
      c.query(`select details from audit_log where action = 'camera.discovery-run' and workspace_id = $1`, [
        owner.workspace.id,
      ]),
    );
    expect(audits.rows.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(audits.rows)).not.toContain('onvif-pass');
    expect(await countRows(t.databaseUrl, ['camera_imports'])).toEqual({ camera_imports: 1 });
  });
});
