import { describe, expect, it } from 'vitest';
import { backchannelControl } from './talkback-rtsp.ts';

/** Which media of a DESCRIBE answer is the camera's loudspeaker, as cameras write their SDP. */
const sdp = (...media: string[]) =>
  ['v=0', 'o=- 1 1 IN IP4 192.0.2.10', 's=Media Presentation', 't=0 0', 'a=control:*', ...media].join('\r\n');
const VIDEO = ['m=video 0 RTP/AVP 96', 'a=rtpmap:96 H264/90000', 'a=control:trackID=1', 'a=recvonly'];
const CAMERA_SOUND = ['m=audio 0 RTP/AVP 0', 'a=rtpmap:0 PCMU/8000', 'a=control:trackID=2', 'a=recvonly'];

describe('backchannelControl', () => {
  it('finds the sendonly G.711 µ-law media (relative to the base or absolute) and its payload type', () => {
    const base = 'rtsp://192.0.2.10:554/Streaming/Channels/101/';
    const relative = sdp(...VIDEO, ...CAMERA_SOUND, 'm=audio 0 RTP/AVP 0', 'a=control:trackID=3', 'a=sendonly');
    expect(backchannelControl(relative, base)).toEqual({ url: `${base}trackID=3`, payloadType: 0 });
    const absolute = sdp(
      ...VIDEO,
      'm=audio 0 RTP/AVP 97',
      'a=rtpmap:97 PCMU/8000',
      'a=control:rtsp://192.0.2.10/axis-media/media.amp/stream=2',
      'a=sendonly',
    );
    expect(backchannelControl(absolute, 'rtsp://192.0.2.10/axis-media/media.amp')).toEqual({
      url: 'rtsp://192.0.2.10/axis-media/media.amp/stream=2',
      payloadType: 97,
    });
  });

  it('finds none when the camera only sends sound, or takes A-law only', () => {
    expect(backchannelControl(sdp(...VIDEO, ...CAMERA_SOUND), 'rtsp://cam/')).toBeUndefined();
    const alaw = sdp(...VIDEO, 'm=audio 0 RTP/AVP 8', 'a=rtpmap:8 PCMA/8000', 'a=control:trackID=3', 'a=sendonly');
    expect(backchannelControl(alaw, 'rtsp://cam/')).toBeUndefined();
  });
});
