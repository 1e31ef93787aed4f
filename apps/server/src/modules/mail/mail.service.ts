import type { Db } from '@vigil/db';
import type { ListQuery, OutboxMessage, Page } from '@vigil/shared';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { type ListSpec, listPage, planList } from '../../lib/list-query.ts';
import { mailRepo } from './mail.repo.ts';

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

export interface MailService {
  /** Plain mail (password reset): never throws; a failed send stays unsent in the outbox. */
  send(msg: { to: string; subject: string; text: string }): Promise<void>;
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
function smtpFailure(e: unknown): MailDeliveryError {
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
 * Every mail is written to the outbox first (an admin can read it in the app), then sent by
 * SMTP when configured. On the embedded default the outbox is the delivery.
 */
export function createMailService(deps: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: (m: string) => void;
}): MailService {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(msg) {
      const row = await mailRepo.insert(deps.db, { ...msg, transport: transport ? 'smtp' : 'outbox' });
      if (!transport) return;
      try {
        await transport.sendMail({ from: deps.from, to: msg.to, subject: msg.subject, text: msg.text });
        await mailRepo.markSent(deps.db, row.id);
      } catch (e) {
        // The request that caused the mail still succeeds; the outbox keeps the unsent copy.
        deps.log(`SMTP delivery failed for outbox ${row.id}: ${(e as Error).message}`);
      }
    },
    async deliver(msg) {
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
        throw smtpFailure(e);
      }
      const accepted = info.accepted.map(String);
      const rejected = info.rejected.map(String);
      const code = replyCode(info.response);
      if (!accepted.length)
        throw new MailDeliveryError(`The mail server refused ${msg.to}: ${info.response}`, true, code);
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
        items: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          transport: row.transport,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
        nextCursor,
      };
    },
  };
}
