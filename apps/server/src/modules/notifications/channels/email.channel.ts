import type { DbOrTx } from '@vigil/db';
import type { Storage } from '../../../lib/storage.ts';
import { MailDeliveryError, type MailService, type RichMail } from '../../mail/mail.module.ts';
import { notificationMail } from '../email-content.ts';
import { taskMail } from '../task-mail.ts';
import { mailLanguage } from '../mail-text.ts';
import { mailRecipientsRepo } from '../mail-recipients.repo.ts';
import { unsubscribeHeaders, unsubscribePageUrl } from '../unsubscribe-token.ts';
import type { Channel, SendResult } from '../../../lib/delivery-channel.ts';

/** A picture larger than this is not inlined (a thumbnail is tens of kilobytes). */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

export interface EmailChannelDeps {
  db: DbOrTx;
  mail: Pick<MailService, 'deliver'>;
  storage: Pick<Storage, 'read'>;
  publicUrl: string;
  authSecret: string;
}

/** The event's picture as an inline attachment, or null when there is none (yet) or it cannot be read. */
async function readPicture(storage: EmailChannelDeps['storage'], key: string) {
  try {
    const { stream, size, contentType } = await storage.read(key);
    if (size > MAX_PICTURE_BYTES) {
      stream.destroy();
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return { content: Buffer.concat(chunks), contentType };
  } catch {
    // The mail is worth more than its picture: it goes without.
    return null;
  }
}

/** A Message-ID per delivery: a retry after an unclear failure is recognised by clients as the same mail. */
const messageId = (publicUrl: string, deliveryId: string) => `<delivery-${deliveryId}@${new URL(publicUrl).hostname}>`;

/**
 * One event (or a task's assignment notice) by email to one person (the delivery's target is their user id). Address, language,
 * time zone and the email preference are read at send time, so a change or an unsubscribe made
 * after the alert still counts. Plain and HTML bodies, the picture inline, unsubscribe headers.
 */
export function createEmailChannel(deps: EmailChannelDeps): Channel {
  function headersFor(userId: string, deliveryId: string) {
    return {
      ...unsubscribeHeaders(deps.publicUrl, deps.authSecret, userId),
      'Message-ID': messageId(deps.publicUrl, deliveryId),
    };
  }

  async function deliver(msg: RichMail): Promise<SendResult> {
    try {
      const receipt = await deps.mail.deliver(msg);
      if (receipt.transport === 'outbox') return { ok: true, outbox: true, info: 'outbox' };
      return { ok: true, code: receipt.code ?? undefined, info: receipt.response ?? undefined };
    } catch (e) {
      if (e instanceof MailDeliveryError)
        return { ok: false, retry: !e.permanent, code: e.code ?? undefined, error: e.message };
      throw e;
    }
  }

  return {
    async send(ctx): Promise<SendResult> {
      const person = await mailRecipientsRepo.byId(deps.db, ctx.delivery.target);
      if (!person || person.disabled)
        return { ok: false, retry: false, skipped: true, error: 'The person’s account was removed or disabled.' };
      if (!person.preferences.notifications.email)
        return { ok: false, retry: false, skipped: true, error: 'The person turned notification emails off.' };
      if (ctx.task) {
        const content = taskMail({
          lang: mailLanguage(person.preferences.language),
          timeZone: person.preferences.timezone,
          task: ctx.task,
          link: ctx.link,
          unsubscribeUrl: unsubscribePageUrl(deps.publicUrl, deps.authSecret, person.id),
        });
        return deliver({
          to: person.email,
          ...content,
          attachments: [],
          headers: headersFor(person.id, ctx.delivery.id),
        });
      }
      if (!ctx.event) return { ok: false, retry: false, error: 'An email notification needs an event.' };

      const cid = `event-${ctx.event.id}@vigil`;
      const picture = ctx.event.thumbnailKey ? await readPicture(deps.storage, ctx.event.thumbnailKey) : null;
      const content = notificationMail({
        lang: mailLanguage(person.preferences.language),
        timeZone: person.preferences.timezone,
        event: ctx.event,
        link: ctx.link,
        unsubscribeUrl: unsubscribePageUrl(deps.publicUrl, deps.authSecret, person.id),
        pictureCid: picture ? cid : null,
      });
      const msg: RichMail = {
        to: person.email,
        ...content,
        attachments: picture
          ? [{ filename: picture.contentType === 'image/png' ? 'event.png' : 'event.jpg', cid, ...picture }]
          : [],
        headers: headersFor(person.id, ctx.delivery.id),
      };
      return deliver(msg);
    },
  };
}
