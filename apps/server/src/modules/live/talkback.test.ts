import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { freePort, type RtspServer, startRtspServer } from '../../../../../e2e/fixtures/rtsp-server.ts';
import { type TestApp, apiClient, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { joinWorkspace, withPg } from '../../../test/helpers.ts';
import { waitFor } from '../../../test/recorder-helpers.ts';
import { withoutDefaultStun } from './webrtc-session.ts';

/**
 * Talk-back end to end on the server side: a werift peer plays the browser (one sendonly Opus
 * track: a 440 Hz tone encoded by ffmpeg, as a microphone would send it), the server turns it into
 * G.711 µ-law and sends it to GStreamer's ONVIF RTSP server through its backchannel, which decodes
 * what it hears and says how loud it was.
 */
const TONE_TO_OPUS_RTP = (port: number) => [
  ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
  ...['-c:a', 'libopus', '-b:a', '32k', '-application', 'lowdelay', '-frame_duration', '20'],
  ...['-payload_type', '111', '-f', 'rtp', `rtp://127.0.0.1:${port}`],
];

describe('talk-back through an ONVIF backchannel', () => {
  const rig = {} as {
    t: TestApp;
    token: string;
    workspaceId: string;
    camera: string;
    plain: string;
    rtsp: RtspServer;
    tone: ChildProcess;
    udp: Socket;
    tracks: Set<MediaStreamTrack>;
  };

  beforeAll(async () => {
    const rtsp = await startRtspServer({ backchannel: 'pcmu', user: 'cam', password: 'se:cret' });
    const t = await createTestApp();
    await signUp(t.app); // the installation's administrator
    const { token, ws: workspaceId } = await apiClient(() => t.app).person('Olivia Owner');
    const add = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cameras',
        headers: bearer(token),
        payload: {
          name,
          source: { type: 'rtsp', url: rtsp.url, username: 'cam', password: 'se:cret' },
          recordingMode: 'off',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const camera = await add('Gate');
    const plain = await add('Hall');
    // As adding it by ONVIF keeps it: the device said its Media2 profile has an audio output.
    await withPg(t.databaseUrl, (c) =>
      c.query(`update cameras set onvif = $2 where id = $1`, [
        camera,
        {
          deviceUrl: `http://127.0.0.1:${rtsp.port}/onvif/device_service`,
          media: 'media2',
          services: { media: `http://127.0.0.1:${rtsp.port}/onvif/media2` },
          profileToken: 'main',
          ptz: false,
          events: false,
          audioBackchannel: true,
        },
      ]),
    );
    // One microphone for the whole file: the tone's Opus packets go to every track that is talking.
    const tracks = new Set<MediaStreamTrack>();
    const udp = createSocket('udp4');
    udp.on('message', (m) => {
      for (const track of tracks) track.writeRtp(m);
    });
    const port = await freePort();
    await new Promise<void>((r) => udp.bind(port, '127.0.0.1', () => r()));
    const tone = spawn('ffmpeg', TONE_TO_OPUS_RTP(port), { stdio: 'ignore' });
    Object.assign(rig, { t, token, workspaceId, camera, plain, rtsp, tone, udp, tracks });
  });
  afterAll(async () => {
    rig.tone?.kill('SIGKILL');
    rig.udp?.close();
    await rig.t?.close();
    await rig.rtsp?.stop();
  });

  /** A browser pressing the button: one sendonly Opus track, every candidate in the offer. */
  async function press(camera: string, token = rig.token) {
    const pc = new RTCPeerConnection({
      codecs: {
        audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 111 })],
      },
      iceServers: [],
      iceInterfaceAddresses: { udp4: '127.0.0.1' },
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceUseIpv6: false,
    });
    const track = new MediaStreamTrack({ kind: 'audio' });
    pc.addTransceiver(track, { direction: 'sendonly' });
    const offer = await pc.createOffer();
    withoutDefaultStun(pc);
    await pc.setLocalDescription(offer);
    if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((s) => s === 'complete', 5000);
    const res = await rig.t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${camera}/talkback`,
      headers: bearer(token),
      payload: { sdp: pc.localDescription!.sdp },
    });
    if (res.statusCode === 200) {
      await pc.setRemoteDescription({ type: 'answer', sdp: res.json().sdp });
      rig.tracks.add(track);
    } else await pc.close();
    return { res, pc, track };
  }

  /** Lets go of a press (the camera is free again), whatever state it is in. */
  async function letGo(pressed: Awaited<ReturnType<typeof press>>) {
    rig.tracks.delete(pressed.track);
    if (pressed.res.statusCode === 200)
      await rig.t.app.inject({
        method: 'DELETE',
        url: `/api/v1/cameras/${rig.camera}/talkback/${pressed.res.json().sessionId}`,
        headers: bearer(rig.token),
      });
    await pressed.pc.close();
  }

  it('sends the microphone to the camera as G.711, one talker at a time, and stops at once on release', async () => {
    const before = await rig.rtsp.heard();
    const pressedAt = new Date();
    const first = await press(rig.camera);
    // A failed try lets go, so the retry finds the camera free (it answered 409 to a retry before).
    onTestFailed(() => letGo(first));
    const { res, pc, track } = first;
    expect(res.statusCode, res.body).toBe(200);
    const { sessionId, sdp } = res.json() as { sessionId: string; sdp: string };
    expect(sdp).toMatch(/m=audio [^\r]*\r\n(.*\r\n)*a=recvonly/);

    // Two seconds of speech reach the loudspeaker: 8000 bytes a second, 20 ms a packet, and loud.
    // Should they not, the failure says how far the sound got: the browser's connection, the camera.
    let heardNow = before;
    await waitFor(
      async () => {
        heardNow = await rig.rtsp.heard();
        return heardNow.packets - before.packets >= 100;
      },
      15_000,
      () =>
        `2 s of G.711 (the peer: ${pc.connectionState}, ICE ${pc.iceConnectionState}; the camera heard ${heardNow.packets - before.packets} packets)`,
    );
    const heard = await rig.rtsp.heard();
    expect(heard.bytes - before.bytes).toBeGreaterThanOrEqual(100 * 160);
    expect(heard.peak).toBeGreaterThan(2000);

    // The camera has one loudspeaker: a second person waits their turn.
    const second = await press(rig.camera);
    expect(second.res.statusCode, second.res.body).toBe(409);
    expect(second.res.json().error.code).toBe('aborted');

    const audit = await withPg(rig.t.databaseUrl, (c) =>
      c.query(`select target_id from audit_log where action = 'live.talkback' and target_id = $1 and at >= $2`, [
        rig.camera,
        pressedAt,
      ]),
    );
    expect(audit.rowCount).toBe(1);

    // Letting go: nothing more reaches the camera once the hang-up is answered.
    const released = Date.now();
    const del = await rig.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cameras/${rig.camera}/talkback/${sessionId}`,
      headers: bearer(rig.token),
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(Date.now() - released).toBeLessThan(300);
    rig.tracks.delete(track);
    await new Promise((r) => setTimeout(r, 100));
    const atRelease = await rig.rtsp.heard();
    await new Promise((r) => setTimeout(r, 500));
    expect((await rig.rtsp.heard()).packets).toBe(atRelease.packets);
    await pc.close();

    // The camera is free again for the next person.
    const again = await press(rig.camera);
    expect(again.res.statusCode, again.res.body).toBe(200);
    await letGo(again);
  });

  it('refuses a camera without a loudspeaker, viewers, and another workspace', async () => {
    const plain = await press(rig.plain);
    expect(plain.res.statusCode, plain.res.body).toBe(400);
    expect(plain.res.json().error.code).toBe('failed-precondition');

    const viewer = await apiClient(() => rig.t.app).person('Vic Viewer');
    await joinWorkspace(rig.t.databaseUrl, viewer.uid, rig.workspaceId, 'viewer');
    const refused = await press(rig.camera, viewer.token);
    expect(refused.res.statusCode, refused.res.body).toBe(403);

    const stranger = await apiClient(() => rig.t.app).person('Oscar Other');
    const hidden = await press(rig.camera, stranger.token);
    expect(hidden.res.statusCode, hidden.res.body).toBe(404);
  });
});
