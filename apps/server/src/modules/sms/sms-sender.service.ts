import type { Db } from '@vigil/db';
import { smsCount } from '@vigil/shared';
import type { SecretBox } from '../../lib/secrets.ts';
import { SmsProviderError, type SmsProviderFactory, smsStatusOf } from './sms-provider.ts';
import { type SmsMessageRow, type SmsSettingsRow, smsRepo as repo } from './sms.repo.ts';

/** What every SMS piece (settings, sending, webhooks, the channel) is built from. */
export interface SmsDeps {
  db: Db;
  /** Opens the sealed auth tokens (lib/secrets.ts with AUTH_SECRET). */
  secrets: SecretBox;
  /** twilioProvider(config.twilioApiUrl) in the app; tests may pass another. */
  providers: SmsProviderFactory;
  /** PUBLIC_URL: the status callback URL the provider is given is built on it. */
  publicUrl: string;
}

export const STATUS_CALLBACK_PATH = '/api/v1/sms/webhooks/twilio/status';
export const INBOUND_PATH = '/api/v1/sms/webhooks/twilio/inbound';

export type RefusalReason = 'not-configured' | 'disabled' | 'opted-out' | 'monthly-cap';

export type SendOutcome =
  /** Handed to the provider (the row has its sid). */
  | { kind: 'sent'; message: SmsMessageRow }
  /** The provider refused it or could not be reached (the row says why). */
  | { kind: 'failed'; message: SmsMessageRow; error: SmsProviderError }
  /** Not sent on purpose; opted-out and monthly-cap refusals are logged. */
  | { kind: 'refused'; reason: RefusalReason; text: string; message?: SmsMessageRow }
  /** Over the rate: nothing written; try again in that many seconds. */
  | { kind: 'rate-limited'; retryAfterSeconds: number; text: string };

type Reservation = { kind: 'reserved'; settings: SmsSettingsRow; message: SmsMessageRow } | SendOutcome;

const REFUSALS: Record<RefusalReason, string> = {
  'not-configured': 'SMS is not set up for this workspace.',
  disabled: 'SMS sending is turned off for this workspace.',
  'opted-out':
    'This number answered STOP: it receives no SMS until it sends START or is removed from the opt-out list.',
  'monthly-cap': 'The workspace reached its monthly SMS cap.',
};

/** The saved account with its token opened; a token sealed under another AUTH_SECRET is a refusal, not a crash. */
export function accountOf(secrets: SecretBox, s: SmsSettingsRow) {
  try {
    return { accountSid: s.accountSid, authToken: secrets.open(s.authToken) };
  } catch {
    throw new SmsProviderError(
      'The saved SMS auth token cannot be read: save the settings again.',
      401,
      'unreadable-token',
    );
  }
}

/**
 * Sends one SMS for a workspace: opt-out, rate and monthly cap are decided, and the message is
 * written as queued, in one transaction holding the workspace's settings row (FOR UPDATE); only
 * then is the provider called, outside the lock, and the row updated with its answer.
 */
export function createSmsSender(deps: SmsDeps) {
  const { db, secrets, providers, publicUrl } = deps;

  async function reserve(
    workspaceId: string,
    to: string,
    body: string,
    o: { deliveryId: string | null; test: boolean },
  ): Promise<Reservation> {
    const { encoding, segments } = smsCount(body);
    return db.transaction(async (tx): Promise<Reservation> => {
      const settings = await repo.lockSettings(tx, workspaceId);
      if (!settings) return { kind: 'refused', reason: 'not-configured', text: REFUSALS['not-configured'] };
      if (!settings.enabled) return { kind: 'refused', reason: 'disabled', text: REFUSALS.disabled };
      const row = { workspaceId, deliveryId: o.deliveryId, to, body, segments, encoding, test: o.test };
      const refuse = async (reason: 'opted-out' | 'monthly-cap'): Promise<SendOutcome> => {
        const text = REFUSALS[reason];
        const message = await repo.insertMessage(tx, { ...row, status: 'refused', errorCode: reason, error: text });
        return { kind: 'refused', reason, text, message };
      };
      if (await repo.isOptedOut(tx, workspaceId, to)) return refuse('opted-out');
      const usage = await repo.usage(tx, workspaceId);
      if (usage.thisMonth >= settings.monthlyCap) return refuse('monthly-cap');
      if (usage.lastMinute >= settings.ratePerMinute) {
        const retryAfterSeconds = await repo.secondsUntilRateFrees(tx, workspaceId, settings.ratePerMinute);
        const text = `The workspace sends at most ${settings.ratePerMinute} SMS a minute; try again in ${retryAfterSeconds} s.`;
        return { kind: 'rate-limited', retryAfterSeconds, text };
      }
      const message = await repo.insertMessage(tx, { ...row, status: 'queued' });
      return { kind: 'reserved', settings, message };
    });
  }

  return {
    async send(
      workspaceId: string,
      to: string,
      body: string,
      o: { deliveryId?: string | null; test?: boolean } = {},
    ): Promise<SendOutcome> {
      const r = await reserve(workspaceId, to, body, { deliveryId: o.deliveryId ?? null, test: o.test ?? false });
      if (r.kind !== 'reserved') return r;
      try {
        const provider = providers(accountOf(secrets, r.settings));
        const sent = await provider.send({
          to,
          from: r.settings.fromNumber,
          body,
          statusCallback: publicUrl + STATUS_CALLBACK_PATH,
        });
        const message = await repo.updateMessage(db, r.message.id, {
          providerSid: sent.sid,
          status: smsStatusOf(sent.status),
        });
        return { kind: 'sent', message };
      } catch (err) {
        const error = err instanceof SmsProviderError ? err : new SmsProviderError(String(err), null, null);
        const message = await repo.updateMessage(db, r.message.id, {
          status: 'failed',
          errorCode: error.code ?? (error.status ? String(error.status) : null),
          error: error.message.slice(0, 500),
        });
        return { kind: 'failed', message, error };
      }
    },
  };
}
export type SmsSender = ReturnType<typeof createSmsSender>;
