import { authorizationFor } from '../../lib/http-digest.ts';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import { type Credentials, OPS, envelope } from './messages.ts';
import { type SoapFault, isAuthFault, isTimeFault, parseSystemDateAndTime, soapFault } from './readers.ts';
import { postSoap } from './transport.ts';
import { type XmlNode, XmlError, parseXml } from './xml.ts';

/**
 * One device's conversation: every call goes through `call`, which signs the request as cameras
 * expect. The device's clock is read first (GetSystemDateAndTime needs no credentials) and the
 * UsernameToken is dated on it, so a camera whose clock is hours off still lets us in; a fault
 * about time reads the clock again once and retries. A 401 with a Digest challenge (newer
 * firmware, or a service behind an HTTP server that wants it) is answered with HTTP Digest
 * (MD5 or SHA-256) on the same request. PTZ, events and talk-back calls go through the same door.
 */

/** The device answered, but refused: a SOAP fault. */
export class FaultError extends Error {
  constructor(readonly fault: SoapFault) {
    super(fault.reason ?? fault.subcode ?? 'SOAP fault');
  }
}
/** The device answered something that is not an ONVIF SOAP answer. */
export class NotOnvifError extends Error {}
/** The credentials were refused (a NotAuthorized fault, or HTTP 401 after our answer). */
export class CredentialsError extends Error {}
/** The device keeps refusing the message's time, even dated on its own clock. */
export class ClockError extends Error {}

/** A long poll waits longer than a plain call; a subscription is addressed in the SOAP header. */
export interface CallOptions {
  timeoutMs?: number;
  addressing?: { action: string; to: string };
}

export interface OnvifSessionOptions {
  policy: OutboundPolicy;
  credentials: Credentials | null;
  /** The offset this device's clock had last time (kept per device by the service). */
  clockOffsetMs?: number;
  /**
   * The last Digest challenge of each service address (kept by the service): answered up front on
   * the next request, so a camera that wants Digest costs one round trip, not a 401 and a retry.
   * A stale nonce is answered 401 again with a fresh challenge, which is then used.
   */
  challenges?: Map<string, string>;
}

export class OnvifSession {
  /** The device's time minus ours, in ms; read before the first signed call. */
  clockOffsetMs = 0;
  private clockRead = false;
  /** The offset came from the device (read now or kept from before), not assumed. */
  clockKnown = false;
  /** How each request was let in, for the tests and the logs. */
  readonly auth = { usernameToken: 0, digest: 0 };

  constructor(private readonly o: OnvifSessionOptions) {
    if (o.clockOffsetMs !== undefined) {
      this.clockOffsetMs = o.clockOffsetMs;
      this.clockRead = true;
      this.clockKnown = true;
    }
  }

  /** Reads the device's clock; a device that will not say keeps our own time (offset 0). */
  async syncClock(url: string): Promise<void> {
    this.clockRead = true;
    const before = Date.now();
    try {
      const doc = await this.send(url, OPS.systemDateAndTime, false);
      const at = parseSystemDateAndTime(doc);
      // The answer's time is of when it was written: halfway through the round trip.
      if (at) {
        this.clockOffsetMs = at.getTime() - (before + Date.now()) / 2;
        this.clockKnown = true;
      }
    } catch (e) {
      // A device that tells its time to administrators only: our own clock it is.
      if (!(e instanceof FaultError) && !(e instanceof CredentialsError)) throw e;
    }
  }

  async call(url: string, operation: string, opts: CallOptions = {}): Promise<XmlNode> {
    if (this.o.credentials && !this.clockRead) await this.syncClock(url);
    try {
      return await this.send(url, operation, true, opts);
    } catch (e) {
      // A time fault, or a plain refusal while our clock may have drifted: read it again, once.
      if (!(e instanceof FaultError) || !this.o.credentials) throw this.classify(e);
      if (!isTimeFault(e.fault) && !isAuthFault(e.fault)) throw e;
      const before = this.clockOffsetMs;
      await this.syncClock(url);
      const moved = Math.abs(this.clockOffsetMs - before) > 2000;
      if (!isTimeFault(e.fault) && !moved) throw this.classify(e);
      try {
        return await this.send(url, operation, true, opts);
      } catch (again) {
        if (again instanceof FaultError && isTimeFault(again.fault))
          throw new ClockError(again.fault.reason ?? 'The device refused the time of the request');
        throw this.classify(again);
      }
    }
  }

  private classify(e: unknown): unknown {
    if (e instanceof FaultError && isAuthFault(e.fault))
      return new CredentialsError(
        this.o.credentials ? 'The device refused the username or password' : 'The device needs a username and password',
      );
    return e;
  }

  /** `token`: sign with a UsernameToken; HTTP Digest is answered whenever the device asks and we have credentials. */
  private async send(url: string, operation: string, token: boolean, opts: CallOptions = {}): Promise<XmlNode> {
    const credentials = this.o.credentials;
    const body = () =>
      envelope(operation, token ? credentials : null, new Date(Date.now() + this.clockOffsetMs), opts.addressing);
    if (token && credentials) this.auth.usernameToken += 1;
    const u = new URL(url);
    const service = `${u.host}${u.pathname}`;
    const answer = (challenge: string) =>
      credentials
        ? (authorizationFor(challenge, credentials, 'POST', `${u.pathname}${u.search}`, { sha256: true }) ?? undefined)
        : undefined;
    const kept = this.o.challenges?.get(service);
    let authorization = kept ? answer(kept) : undefined;
    if (authorization) this.auth.digest += 1;
    let res = await postSoap(url, body(), this.o.policy, authorization, opts.timeoutMs);
    if (res.status === 401 && res.challenge && credentials) {
      this.o.challenges?.set(service, res.challenge);
      authorization = answer(res.challenge);
      if (authorization) {
        this.auth.digest += 1;
        res = await postSoap(url, body(), this.o.policy, authorization, opts.timeoutMs);
      }
    }
    let doc: XmlNode | null = null;
    let xmlError: XmlError | null = null;
    try {
      doc = parseXml(res.text);
    } catch (e) {
      if (!(e instanceof XmlError)) throw e;
      xmlError = e;
    }
    const fault = doc ? soapFault(doc) : null;
    if (fault) throw new FaultError(fault);
    if (res.status === 401)
      throw new CredentialsError(
        credentials ? 'The device refused the username or password' : 'The device needs a username and password',
      );
    if (res.status < 200 || res.status >= 300)
      throw new NotOnvifError(`The device answered HTTP ${res.status}, not an ONVIF answer`);
    if (!doc) throw new NotOnvifError(`The device’s answer is not usable XML: ${xmlError?.message ?? 'empty'}`);
    if (!doc.children.some((c) => c.name === 'Envelope')) throw new NotOnvifError('The device’s answer is not SOAP');
    return doc;
  }
}
