import { type Socket, connect } from 'node:net';
import { authorizationFor } from '../../lib/http-digest.ts';

/**
 * The camera's loudspeaker, as ONVIF cameras offer it (ONVIF Streaming Specification, "Back
 * channel connection"): the stream's RTSP address asked with `Require: www.onvif.org/ver20/backchannel`
 * describes one more audio media, `a=sendonly` from the camera's side, which the client SETs UP and
 * PLAYs like any other and then sends RTP on. Here the RTP goes interleaved on the RTSP connection
 * itself (no UDP ports to open, and the camera cannot mistake another peer for us), as G.711 µ-law
 * (8 kHz), which every ONVIF camera with a loudspeaker takes.
 */
export const BACKCHANNEL_REQUIRE = 'www.onvif.org/ver20/backchannel';
const TIMEOUT_MS = 5000;
/** Sessions time out after 60 s by default; a keep-alive well inside that (any request renews it). */
const KEEPALIVE_MS = 20_000;
const CHANNEL = 0;

export class BackchannelError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'unauthorized' | 'no-backchannel' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

interface Response {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface BackchannelTarget {
  /** rtsp://host:port/path, the host already checked against the outbound policy (pinned). */
  url: string;
  username?: string | null;
  password?: string | null;
}

export class Backchannel {
  private seq = Math.floor(Math.random() * 65_536);
  private readonly ssrc = Math.floor(Math.random() * 2 ** 32) >>> 0;
  private keepalive: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly rtsp: RtspConnection,
    private readonly session: string,
    private readonly url: string,
    private readonly payloadType: number,
  ) {
    this.keepalive = setInterval(() => {
      void this.rtsp.request('GET_PARAMETER', this.url, { Session: this.session }).catch(() => this.close());
    }, KEEPALIVE_MS);
    this.keepalive.unref();
  }

  /** Connects, finds the backchannel media, SETs it UP and PLAYs: ready for `send`. */
  static async open(target: BackchannelTarget): Promise<Backchannel> {
    const rtsp = await RtspConnection.open(target);
    try {
      const describe = await rtsp.request('DESCRIBE', target.url, {
        Accept: 'application/sdp',
        Require: BACKCHANNEL_REQUIRE,
      });
      if (describe.status === 551)
        throw new BackchannelError('no-backchannel', 'The camera does not offer an audio backchannel.');
      if (describe.status !== 200) throw new BackchannelError('refused', `DESCRIBE answered ${describe.status}`);
      const base = describe.headers['content-base'] ?? describe.headers['content-location'] ?? target.url;
      const control = backchannelControl(describe.body, base);
      if (!control) throw new BackchannelError('no-backchannel', 'The camera describes no G.711 µ-law backchannel.');
      const setup = await rtsp.request('SETUP', control.url, {
        Transport: `RTP/AVP/TCP;unicast;interleaved=${CHANNEL}-${CHANNEL + 1}`,
        Require: BACKCHANNEL_REQUIRE,
      });
      const session = setup.headers.session?.split(';')[0]?.trim();
      if (setup.status !== 200 || !session) throw new BackchannelError('refused', `SETUP answered ${setup.status}`);
      const aggregate = sessionUrl(describe.body, base);
      const play = await rtsp.request('PLAY', aggregate, {
        Session: session,
        Range: 'npt=0-',
        Require: BACKCHANNEL_REQUIRE,
      });
      if (play.status !== 200) throw new BackchannelError('refused', `PLAY answered ${play.status}`);
      return new Backchannel(rtsp, session, aggregate, control.payloadType);
    } catch (e) {
      rtsp.destroy();
      throw e;
    }
  }

  /** One RTP packet of µ-law samples (one byte a sample, 8 kHz), stamped with the sample clock. */
  send(ulaw: Buffer, timestamp: number): void {
    if (this.closed) return;
    this.seq = (this.seq + 1) & 0xffff;
    const rtp = Buffer.alloc(12 + ulaw.length);
    rtp[0] = 0x80; // version 2, no padding, extension or CSRC
    rtp[1] = this.payloadType & 0x7f; // no marker
    rtp.writeUInt16BE(this.seq, 2);
    rtp.writeUInt32BE(timestamp >>> 0, 4);
    rtp.writeUInt32BE(this.ssrc, 8);
    ulaw.copy(rtp, 12);
    this.rtsp.interleave(CHANNEL, rtp);
  }

  get open(): boolean {
    return !this.closed && !this.rtsp.ended;
  }

  /** TEARDOWN (answered or not within a moment), then the connection closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepalive);
    await Promise.race([
      this.rtsp.request('TEARDOWN', this.url, { Session: this.session }).catch(() => {}),
      new Promise((r) => setTimeout(r, 300)),
    ]);
    this.rtsp.destroy();
  }
}

/**
 * The sendonly G.711 µ-law audio media of a DESCRIBE's SDP: its control URL resolved against
 * `base`, and its payload type (0, PCMU's static one, unless the camera maps PCMU to another).
 */
export function backchannelControl(sdp: string, base: string): { url: string; payloadType: number } | undefined {
  for (const media of sdp.split(/\r?\n(?=m=)/).slice(1)) {
    const lines = media.split(/\r?\n/).map((l) => l.trim());
    const m = /^m=audio \d+ [^ ]+ (.+)$/.exec(lines[0]!);
    if (!m || !lines.includes('a=sendonly')) continue;
    const payloads = m[1]!.trim().split(/\s+/);
    const mapped = lines.map((l) => /^a=rtpmap:(\d+) PCMU\/8000/i.exec(l)?.[1]).find((pt) => pt !== undefined);
    const payloadType = payloads.includes('0') ? 0 : mapped !== undefined ? Number(mapped) : undefined;
    if (payloadType === undefined) continue;
    const control = lines
      .find((l) => l.startsWith('a=control:'))
      ?.slice('a=control:'.length)
      .trim();
    return { url: control ? resolveControl(control, base) : base, payloadType };
  }
  return undefined;
}

/** The session's aggregate control (PLAY, TEARDOWN): the SDP's session-level `a=control`, or the base. */
function sessionUrl(sdp: string, base: string): string {
  const session = sdp.split(/\r?\n(?=m=)/)[0] ?? '';
  const control = /^a=control:(.+)$/m.exec(session)?.[1]?.trim();
  return control && control !== '*' ? resolveControl(control, base) : base;
}

function resolveControl(control: string, base: string): string {
  if (/^rtsp:\/\//i.test(control)) return control;
  return base.endsWith('/') ? base + control : `${base}/${control}`;
}

/**
 * One RTSP connection: requests one at a time (answers matched by CSeq), a 401 answered once with
 * Basic or Digest, interleaved frames from the camera (RTCP) read past.
 */
class RtspConnection {
  private cseq = 0;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
  private authorization: ((method: string, uri: string) => string | null) | undefined;
  ended = false;

  private constructor(
    private readonly socket: Socket,
    private readonly target: BackchannelTarget,
  ) {
    socket.on('data', (d: Buffer) => this.onData(d));
    const end = (e?: Error) => {
      this.ended = true;
      for (const w of this.waiting.values())
        w.reject(e ?? new BackchannelError('unreachable', 'The camera closed the connection.'));
      this.waiting.clear();
    };
    socket.on('close', () => end());
    socket.on('error', (e) => end(new BackchannelError('unreachable', e.message)));
  }

  static open(target: BackchannelTarget): Promise<RtspConnection> {
    const url = new URL(target.url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) || 554 });
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new BackchannelError('unreachable', 'The camera did not answer.'));
      }, TIMEOUT_MS);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(new RtspConnection(socket, target));
      });
      socket.once('error', (e) => {
        clearTimeout(timer);
        reject(new BackchannelError('unreachable', e.message));
      });
    });
  }

  async request(method: string, uri: string, headers: Record<string, string>): Promise<Response> {
    let res = await this.send(method, uri, headers);
    if (res.status === 401 && !this.authorization && this.target.username) {
      const challenge = res.headers['www-authenticate'] ?? '';
      const credentials = { username: this.target.username, password: this.target.password ?? '' };
      this.authorization = (m, u) => authorizationFor(challenge, credentials, m, u);
      res = await this.send(method, uri, headers);
    }
    if (res.status === 401) throw new BackchannelError('unauthorized', 'The camera refused the username or password.');
    return res;
  }

  private send(method: string, uri: string, headers: Record<string, string>): Promise<Response> {
    if (this.ended) return Promise.reject(new BackchannelError('unreachable', 'The camera closed the connection.'));
    const cseq = ++this.cseq;
    const auth = this.authorization?.(method, uri);
    const lines = [
      `${method} ${uri} RTSP/1.0`,
      `CSeq: ${cseq}`,
      'User-Agent: Vigil',
      ...(auth ? [`Authorization: ${auth}`] : []),
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(cseq);
        reject(new BackchannelError('unreachable', `The camera did not answer ${method}.`));
      }, TIMEOUT_MS);
      this.waiting.set(cseq, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  interleave(channel: number, packet: Buffer): void {
    if (this.ended) return;
    const frame = Buffer.alloc(4);
    frame[0] = 0x24; // '$'
    frame[1] = channel;
    frame.writeUInt16BE(packet.length, 2);
    this.socket.write(Buffer.concat([frame, packet]));
  }

  destroy(): void {
    this.ended = true;
    this.socket.destroy();
  }

  private onData(d: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, d]) : d;
    for (;;) {
      if (this.buffer.length === 0) return;
      if (this.buffer[0] === 0x24) {
        // An interleaved frame from the camera (its RTCP receiver reports): not needed, skipped.
        if (this.buffer.length < 4) return;
        const end = 4 + this.buffer.readUInt16BE(2);
        if (this.buffer.length < end) return;
        this.buffer = this.buffer.subarray(end);
        continue;
      }
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) {
        if (this.buffer.length > 64 * 1024) this.destroy();
        return;
      }
      const head = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0) || 0;
      const end = headEnd + 4 + length;
      if (this.buffer.length < end) return;
      const body = this.buffer.subarray(headEnd + 4, end).toString('utf8');
      this.buffer = this.buffer.subarray(end);
      const status = Number(/^RTSP\/1\.0 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      const cseq = Number(headers.cseq);
      const w = this.waiting.get(cseq);
      if (w) {
        this.waiting.delete(cseq);
        w.resolve({ status, headers, body });
      }
    }
  }
}
