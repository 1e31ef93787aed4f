import type { Db } from '@vigil/db';
import type { ListQuery, OutboxMessage, Page } from '@vigil/shared';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { type ListSpec, planList } from '../../lib/list-query.ts';
import { mailRepo } from './mail.repo.ts';

export interface MailService {
  send(msg: { to: string; subject: string; text: string }): Promise<void>;
  list(query: ListQuery): Promise<Page<OutboxMessage>>;
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
    async list(query) {
      const plan = planList(query, outboxList);
      const rows = await deps.db
        .select({ row: t, sortText: plan.sortText })
        .from(t)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit + 1);
      const page = rows.slice(0, plan.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ row }) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          transport: row.transport,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
        nextCursor: rows.length > plan.limit && last ? plan.cursorFor(last.sortText, last.row.id) : null,
      };
    },
  };
}
