import { smsRepo as repo, type SmsSettingsRow } from './sms.repo.ts';
import { type SmsDeps, accountOf } from './sms-sender.service.ts';
import { smsStatusOf } from './sms-provider.ts';
import { AppError } from '../../lib/app-error.ts';

/** Replies that stop and restart messages to a number (Twilio's own opt-out keywords). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

export interface SignedRequest {
  /** The URL the provider posted to, as the public sees it (PUBLIC_URL + path and query). */
  url: string;
  params: Record<string, string>;
  signature: string | undefined;
}

export type SmsWebhooksService = ReturnType<typeof createSmsWebhooksService>;

/**
 * The provider's calls to us. Nothing is believed before its signature checks out with the auth
 * token of a workspace whose account (AccountSid) and number (our side of the message) match:
 * a forged or unsigned call changes nothing and is refused.
 */
export function createSmsWebhooksService(deps: SmsDeps) {
  const { db, secrets, providers } = deps;

  async function signedFor(req: SignedRequest, candidates: SmsSettingsRow[]): Promise<SmsSettingsRow[]> {
    const denied = new AppError('permission-denied', 'The request is not signed by the SMS provider.');
    if (!req.signature) throw denied;
    const valid: SmsSettingsRow[] = [];
    for (const s of candidates) {
      try {
        if (await providers(accountOf(secrets, s)).validateSignature(req.url, req.params, req.signature)) valid.push(s);
      } catch {
        // A token sealed under another AUTH_SECRET cannot have signed anything.
      }
    }
    if (!valid.length) throw denied;
    return valid;
  }

  return {
    /**
     * A status callback: the message named by MessageSid takes the provider's status. The message's
     * own workspace must have signed it (its number may have changed since); a sid not (yet) known
     * is checked against the account and number, and answered without effect.
     */
    async status(req: SignedRequest): Promise<void> {
      const { AccountSid, From, MessageSid, MessageStatus, ErrorCode } = req.params;
      const message = await repo.messageBySid(db, MessageSid ?? '');
      const owner = message && (await repo.settings(db, message.workspaceId));
      const candidates = message
        ? owner && owner.accountSid === AccountSid
          ? [owner]
          : []
        : await repo.settingsByAccount(db, AccountSid ?? '', From ?? '');
      await signedFor(req, candidates);
      if (message) await repo.applyStatus(db, message.id, smsStatusOf(MessageStatus ?? ''), ErrorCode || null);
    },

    /** An inbound message: STOP words opt the sender out, START words back in (for each matching workspace). */
    async inbound(req: SignedRequest): Promise<void> {
      const { AccountSid, From, To, Body } = req.params;
      const workspaces = await signedFor(req, await repo.settingsByAccount(db, AccountSid ?? '', To ?? ''));
      const word = (Body ?? '').trim().toUpperCase();
      if (!From || !(STOP_WORDS.has(word) || START_WORDS.has(word))) return;
      for (const w of workspaces) {
        if (STOP_WORDS.has(word)) await repo.optOut(db, w.workspaceId, From);
        else await repo.optIn(db, w.workspaceId, From);
      }
    },
  };
}
