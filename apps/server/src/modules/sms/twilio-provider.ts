import twilio from 'twilio';
import type { OutgoingSms, SmsAccount, SmsProvider, SmsProviderFactory } from './sms-provider.ts';
import { SmsProviderError } from './sms-provider.ts';

const TWILIO_ORIGIN = 'https://api.twilio.com';
/** A provider that does not answer within this is treated as unreachable (the send is retried). */
const TIMEOUT_MS = 15_000;

type RequestOptions = Parameters<twilio.RequestClient['request']>[0];

/**
 * The SDK's own HTTP client, with api.twilio.com swapped for TWILIO_API_URL: an installation behind
 * an egress proxy, and the tests' local stand-in, receive exactly what the real SDK sends.
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

function providerError(err: unknown): SmsProviderError {
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
  const httpClient = apiUrl === TWILIO_ORIGIN ? undefined : new RoutedRequestClient(apiUrl);
  return (account: SmsAccount): SmsProvider => {
    const client = twilio(account.accountSid, account.authToken, { httpClient, timeout: TIMEOUT_MS });
    return {
      async send(msg: OutgoingSms) {
        try {
          const m = await client.messages.create({
            to: msg.to,
            from: msg.from,
            body: msg.body,
            statusCallback: msg.statusCallback,
          });
          return { sid: m.sid, status: m.status };
        } catch (err) {
          throw providerError(err);
        }
      },

      async verify(fromNumber: string) {
        try {
          await client.api.v2010.accounts(account.accountSid).fetch();
          const numbers = await client.incomingPhoneNumbers.list({ phoneNumber: fromNumber, limit: 1 });
          if (!numbers.some((n) => n.phoneNumber === fromNumber))
            throw new SmsProviderError(
              `${fromNumber} is not a phone number of this Twilio account`,
              404,
              'from-number',
            );
        } catch (err) {
          throw err instanceof SmsProviderError ? err : providerError(err);
        }
      },

      validateSignature(url, params, signature) {
        return twilio.validateRequest(account.authToken, signature, url, params);
      },
    };
  };
}
