import type { Db, DbOrTx } from '@vigil/db';
import type { ListQuery, OutboxMessage, Page } from '@vigil/shared';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { type ListSpec, listPage, planList } from '../../lib/list-query.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import { type SupportContacts, withHelpFooter } from './mail-footer.ts';
import { maskLinkTokens } from './mail-links.ts';
import { type OutboxRow, mailRepo } from './mail.repo.ts';

/** A rich mail: both bodies, inline pictures (referenced from the HTML as cid:…), extra headers. */
export interface RichMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
  /** E.g. List-Unsubscribe, List-Unsubscribe-Post, Message-ID. */
  headers?: Record<string, string>;
}

/** What the receiving SMTP server said (or that the outbox is the delivery, on the embedded default). */
export interface MailReceipt {
  transport: 'smtp' | 'outbox';
  outboxId: string;
  accepted: string[];
  rejected: string[];
  /** The SMTP reply code of the final answer (250), null for the outbox. */
  code: number | null;
  response: string | null;
  messageId: string | null;
}

/**
 * A mail the SMTP server did not take. `permanent`: a 5xx rejection (bad mailbox, policy), which
 * another try will not change; otherwise (4xx, connection refused, timeout) a later try may pass.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

/** A plain mail (password reset, invitation, trial reminder, invoice). */
export interface PlainMail {
  to: string;
  subject: string;
  text: string;
}

/** How often the queue tries a mail before it lands in the failed jobs (its backoff grows: ~3 h in all). */
export const MAIL_SEND_ATTEMPTS = 10;

export interface MailService {
  /**
   * Plain mail, in the caller's transaction: the outbox row and, with SMTP, its `mail-send` job,
   * so the mail exists exactly when what it tells about does, and the queue retries the send.
   */
  queue(tx: DbOrTx, msg: PlainMail): Promise<{ outboxId: string }>;
  /** A rich mail: written to the outbox, then sent; throws MailDeliveryError when SMTP refuses it. */
  deliver(msg: RichMail): Promise<MailReceipt>;
  list(query: ListQuery): Promise<Page<OutboxMessage>>;
}

interface SentInfo {
  accepted: (string | { address: string })[];
  rejected: (string | { address: string })[];
  response: string;
  messageId: string;
}

const replyCode = (response: string | undefined) => {
  const m = /^(\d{3})/.exec(response ?? '');
  return m ? Number(m[1]) : null;
};

/** nodemailer's error as a MailDeliveryError: 5xx is the server's final word, anything else may pass later. */
export function smtpFailure(e: unknown): MailDeliveryError {
  const err = e as Error & { responseCode?: number; response?: string; code?: string };
  const code = typeof err.responseCode === 'number' ? err.responseCode : null;
  const permanent = code !== null && code >= 500;
  const what =
    code !== null ? `The mail server answered ${err.response ?? code}` : `The mail server could not be reached`;
  return new MailDeliveryError(`${what} (${err.code ?? 'SMTP'}: ${err.message})`, permanent, code);
}

const t = mailRepo.table;
const outboxList: ListSpec = {
  filters: { to: { expr: sql`${t.to}`, type: 'text' } },
  sorts: { createdAt: { expr: sql`${t.createdAt}`, type: 'date' } },
  id: sql`${t.id}`,
  defaultSort: { field: 'createdAt', desc: true },
};

/**
 * One outbox mail as an administrator sees it. Links' tokens are hidden in mail that went (or
 * goes) over SMTP: the recipient has the link in their mailbox, and an administrator reading it
 * here could sign in as them. Without SMTP the outbox is the only delivery (the README says an
 * administrator reads outgoing mail there), so its links stay whole until retention drops them.
 */
function outboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.transport === 'smtp' ? maskLinkTokens(row.text) : row.text,
    transport: row.transport,
    status: row.status as OutboxMessage['status'],
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Every mail is written to the outbox first (an admin can read it in the app), then sent by
 * SMTP when configured. On the embedded default the outbox is the delivery.
 */
export function createMailService(deps: {
  db: Db;
  smtpUrl?: string;
  from: string;
  support?: SupportContacts;
}): MailService {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  /**
   * A rich mail's copy says it failed: the caller's own delivery engine (notifications, reports)
   * decides about another try, which writes a copy of its own.
   */
  async function failed(id: string, error: MailDeliveryError): Promise<MailDeliveryError> {
    await mailRepo.finish(deps.db, id, 'failed', error.message);
    return error;
  }
  return {
    async queue(tx, plain) {
      const msg = withHelpFooter(plain, deps.support ?? {});
      const row = await mailRepo.insert(tx, { ...msg, transport: transport ? 'smtp' : 'outbox' });
      // Without SMTP the outbox is the delivery: nothing to send.
      if (transport)
        await enqueue(
          tx,
          'mail-send',
          { outboxId: row.id },
          { jobKey: `mail-send:${row.id}`, maxAttempts: MAIL_SEND_ATTEMPTS },
        );
      return { outboxId: row.id };
    },
    async deliver(rich) {
      const msg = withHelpFooter(rich, deps.support ?? {});
      const row = await mailRepo.insert(deps.db, {
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        transport: transport ? 'smtp' : 'outbox',
      });
      const none = { outboxId: row.id, accepted: [], rejected: [], code: null, response: null, messageId: null };
      if (!transport) return { transport: 'outbox', ...none, accepted: [msg.to] };
      const { 'Message-ID': messageId, ...headers } = msg.headers ?? {};
      let info: SentInfo;
      try {
        info = await transport.sendMail({
          from: deps.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
          attachments: msg.attachments,
          headers,
          ...(messageId ? { messageId } : {}),
        });
      } catch (e) {
        throw await failed(row.id, smtpFailure(e));
      }
      const accepted = info.accepted.map(String);
      const rejected = info.rejected.map(String);
      const code = replyCode(info.response);
      if (!accepted.length)
        throw await failed(
          row.id,
          new MailDeliveryError(`The mail server refused ${msg.to}: ${info.response}`, true, code),
        );
      await mailRepo.markSent(deps.db, row.id);
      return {
        transport: 'smtp',
        ...none,
        accepted,
        rejected,
        code,
        response: info.response,
        messageId: info.messageId,
      };
    },
    async list(query) {
      const { rows, nextCursor } = await listPage(deps.db, t, planList(query, outboxList));
      return {
        items: rows.map((row) => outboxMessage(row as OutboxRow)),
        nextCursor,
      };
    },
  };
}
