import type TwilioSdk from 'twilio';
import type { OutgoingSms, SmsAccount, SmsProvider, SmsProviderFactory } from './sms-provider.ts';
import { SmsProviderError } from './sms-provider.ts';

type Twilio = typeof TwilioSdk;
type RequestOptions = Parameters<TwilioSdk.RequestClient['request']>[0];

const TWILIO_ORIGIN = 'https://api.twilio.com';
/** A provider that does not answer within this is treated as unreachable (the send is retried). */
const TIMEOUT_MS = 15_000;

/**
 * The SDK costs ~170 ms to load: every process would pay it at start for a feature most
 * installations never configure, so it loads on the first SMS call (as the S3 SDK does).
 */
let loading: Promise<{ twilio: Twilio; routed: (origin: string) => TwilioSdk.RequestClient }> | undefined;
function sdk() {
  loading ??= import('twilio').then(({ default: twilio }) => {
    /**
     * The SDK's own HTTP client, with api.twilio.com swapped for TWILIO_API_URL: an installation
     * behind an egress proxy, and the tests' local stand-in, receive exactly what the real SDK sends.
     */
    class RoutedRequestClient extends twilio.RequestClient {
      constructor(private readonly origin: string) {
        super({ timeout: TIMEOUT_MS });
      }

      override request<T>(opts: RequestOptions & { data?: T }) {
        const uri = opts.uri.startsWith(TWILIO_ORIGIN) ? this.origin + opts.uri.slice(TWILIO_ORIGIN.length) : opts.uri;
        return super.request<T>({ ...opts, uri });
      }
    }
    return { twilio, routed: (origin: string) => new RoutedRequestClient(origin) };
  });
  return loading;
}

function providerError(twilio: Twilio, err: unknown): SmsProviderError {
  if (err instanceof SmsProviderError) return err;
  if (err instanceof twilio.RestException)
    return new SmsProviderError(
      err.message || `Twilio answered ${err.status}`,
      err.status,
      err.code ? String(err.code) : null,
    );
  const code = (err as { code?: unknown }).code;
  return new SmsProviderError(
    `Twilio could not be reached${typeof code === 'string' ? ` (${code})` : ''}`,
    null,
    typeof code === 'string' ? code : null,
  );
}

/** Twilio through its official SDK; `apiUrl` is the origin its REST calls go to. */
export function twilioProvider(apiUrl: string): SmsProviderFactory {
  let httpClient: Promise<TwilioSdk.RequestClient | undefined> | undefined;
  const client = async (account: SmsAccount) => {
    const { twilio, routed } = await sdk();
    // One HTTP client (one connection pool) for every account of this installation.
    httpClient ??= Promise.resolve(apiUrl === TWILIO_ORIGIN ? undefined : routed(apiUrl));
    return {
      twilio,
      api: twilio(account.accountSid, account.authToken, { httpClient: await httpClient, timeout: TIMEOUT_MS }),
    };
  };

  return (account: SmsAccount): SmsProvider => ({
    async send(msg: OutgoingSms) {
      const { twilio, api } = await client(account);
      try {
        const m = await api.messages.create({
          to: msg.to,
          from: msg.from,
          body: msg.body,
          statusCallback: msg.statusCallback,
        });
        return { sid: m.sid, status: m.status };
      } catch (err) {
        throw providerError(twilio, err);
      }
    },

    async verify(fromNumber: string) {
      const { twilio, api } = await client(account);
      try {
        await api.api.v2010.accounts(account.accountSid).fetch();
        const numbers = await api.incomingPhoneNumbers.list({ phoneNumber: fromNumber, limit: 1 });
        if (!numbers.some((n) => n.phoneNumber === fromNumber))
          throw new SmsProviderError(`${fromNumber} is not a phone number of this Twilio account`, 404, 'from-number');
      } catch (err) {
        throw providerError(twilio, err);
      }
    },

    async validateSignature(url, params, signature) {
      const { twilio } = await sdk();
      return twilio.validateRequest(account.authToken, signature, url, params);
    },
  });
}
