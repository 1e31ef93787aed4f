import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from 'werift';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { childProcesses } from '../../../test/child-processes.ts';
import { waitFor } from '../../../test/recorder-helpers.ts';
import { LiveFeed } from '../../video/live-feed.ts';
import { withoutDefaultStun } from './webrtc-session.ts';

/**
 * The camera's sound over WebRTC: a werift peer plays the browser (a recvonly video and audio
 * offer) against a live feed that carries AAC beside H.264, exactly as the recorder writes it.
 * The sound arrives as Opus (48 kHz RTP clock, 20 ms packets), from one encoder per camera
 * that runs only while someone listens.
 */
const OPUS_PT_TEST = 111;

/** This process's children encoding Opus (the per-camera encoder of modules/live/live-opus.ts). */
function opusEncoders(): number[] {
  return childProcesses()
    .filter(({ argv }) => argv.includes('libopus'))
    .map((c) => c.pid);
}

/** What a browser offers: H.264 and Opus, ICE on loopback only. */
const BROWSER_CODECS = {
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/H264',
      clockRate: 90000,
      parameters: 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1',
    }),
  ],
  audio: [
    new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: OPUS_PT_TEST }),
  ],
};

/** The live output as the recorder writes it for a camera with sound: H.264 and AAC, a frame a fragment. */
const CAMERA_WITH_SOUND = [
  ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
  ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000'],
  ...['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
  ...['-g', '15', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-ac', '1'],
  ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof+frag_every_frame'],
  ...['-flush_packets', '1', 'pipe:1'],
];

describe('live sound over WebRTC', () => {
  const liveFeeds = new Map<string, LiveFeed>();
  const rig = {} as { t: TestApp; token: string; camera: string; source: ChildProcess };

  beforeAll(async () => {
    const t = await createTestApp({}, { video: { liveFeeds } });
    const { token } = await signUp(t.app);
    const camera = await createTestPatternCamera(t.app, token, 'Hall', 'off');
    const feed = new LiveFeed();
    liveFeeds.set(camera, feed);
    const source = spawn('ffmpeg', CAMERA_WITH_SOUND);
    source.stdout!.on('data', (d: Buffer) => feed.push(d));
    Object.assign(rig, { t, token, camera, source });
    await waitFor(() => feed.fragments > 20, 15_000, 'the feed to run');
  });
  afterAll(async () => {
    rig.source?.kill('SIGKILL');
    await rig.t?.close();
  });

  /** A browser-like peer: recvonly video and sound, every candidate in the offer; the server's answer applied. */
  async function connect(pc: RTCPeerConnection) {
    for (const kind of ['video', 'audio'] as const) pc.addTransceiver(kind, { direction: 'recvonly' });
    const local = await pc.createOffer();
    withoutDefaultStun(pc);
    await pc.setLocalDescription(local);
    if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((s) => s === 'complete', 5000);
    const res = await rig.t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${rig.camera}/webrtc`,
      headers: bearer(rig.token),
      payload: { sdp: pc.localDescription!.sdp },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { sdp: string; sessionId: string };
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    return answer;
  }

  it('sends the camera’s sound as Opus, 20 ms a packet, to every viewer from one encoder', async () => {
    const peer = () =>
      new RTCPeerConnection({
        codecs: BROWSER_CODECS,
        iceServers: [],
        iceInterfaceAddresses: { udp4: '127.0.0.1' },
        iceAdditionalHostAddresses: ['127.0.0.1'],
        iceUseIpv6: false,
      });
    const peers = [peer(), peer()];
    const sound: RtpPacket[][] = [[], []];
    for (const [i, pc] of peers.entries())
      pc.onTrack.subscribe((track) => {
        if (track.kind === 'audio') track.onReceiveRtp.subscribe((rtp) => sound[i]!.push(rtp));
      });
    const sessions = [];
    for (const pc of peers) sessions.push(await connect(pc));
    expect(sessions[0]!.sdp).toMatch(/m=audio .*\r\n(.*\r\n)*a=sendonly/);
    expect(sessions[0]!.sdp).toMatch(/a=rtpmap:\d+ opus\/48000\/2/);
    await waitFor(() => sound.every((s) => s.length >= 50), 15_000, '50 Opus packets on each peer');
    expect(opusEncoders()).toHaveLength(1);
    for (const packets of sound) {
      expect(packets.every((p) => p.header.payloadType === OPUS_PT_TEST)).toBe(true);
      const steps = packets
        .slice(-20)
        .map((p, i, a) => (i ? (p.header.timestamp - a[i - 1]!.header.timestamp) >>> 0 : 960));
      expect(steps.every((s) => s === 960)).toBe(true);
    }
    for (const { sessionId } of sessions) {
      const res = await rig.t.app.inject({
        method: 'DELETE',
        url: `/api/v1/cameras/${rig.camera}/webrtc/${sessionId}`,
        headers: bearer(rig.token),
      });
      expect(res.statusCode).toBe(204);
    }
    await Promise.all(peers.map((pc) => pc.close()));
    // Nobody listens any more: the encoder is gone.
    await waitFor(() => opusEncoders().length === 0, 5000, 'the Opus encoder to stop');
  });
});
