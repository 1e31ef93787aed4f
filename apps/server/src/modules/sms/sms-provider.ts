/**
 * What the SMS manager needs from a provider (Twilio first): send one message, check an account
 * before it is saved, and tell its signed callbacks from forgeries.
 */
export interface SmsAccount {
  accountSid: string;
  authToken: string;
}

export interface OutgoingSms {
  to: string;
  from: string;
  body: string;
  /** Where the provider reports the message's delivery status. */
  statusCallback: string;
}

export interface SmsProvider {
  /** Hands the message to the provider; throws SmsProviderError. */
  send(msg: OutgoingSms): Promise<{ sid: string; status: string }>;
  /** The credentials work and `fromNumber` belongs to the account; throws SmsProviderError. */
  verify(fromNumber: string): Promise<void>;
  /** True when `signature` is the provider's signature of this URL and form parameters. */
  validateSignature(url: string, params: Record<string, string>, signature: string): Promise<boolean>;
}

export type SmsProviderFactory = (account: SmsAccount) => SmsProvider;

/**
 * A provider's refusal or an unreachable provider. `status` is the HTTP status when the provider
 * answered; a 4xx will not change by retrying (bad number, bad credentials), a 5xx or no answer may.
 */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }

  get retry(): boolean {
    return this.status === null || this.status >= 500 || this.status === 429;
  }

  get unauthorized(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** The status callback's MessageStatus (and the create answer's status) in the log's words. */
export function smsStatusOf(providerStatus: string): 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' {
  switch (providerStatus) {
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      // accepted, scheduled, queued, sending: not yet with the carrier.
      return 'queued';
  }
}
