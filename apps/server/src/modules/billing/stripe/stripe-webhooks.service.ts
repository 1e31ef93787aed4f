import type { Db } from '@vigil/db';
import Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import type { PaymentSettingsService } from '../payment-settings.service.ts';
import { audit } from '../../audit/audit.module.ts';
import { subscriptionService } from '../subscription.service.ts';
import { liveStripeSubscription } from './stripe-plan-change.service.ts';
import { stripeEventsRepo as events } from './stripe-events.repo.ts';
import type { StripeClientFor } from './stripe-gateway.ts';
import { stripeFailure } from './stripe-gateway.ts';
import { applyStripeInvoice, applyStripeSubscription, invoiceSubscriptionId } from './stripe-sync.service.ts';

/**
 * Stripe's webhooks. The signature is checked with the installation's webhook secret;
 * each event is applied exactly once — its id is written in the transaction that applies it — and
 * its object is re-read from Stripe first, so events that arrive late or out of order apply what
 * Stripe says now, never an old snapshot. A failure is stored with its payload for the
 * administrator's retry, and answered 503 so Stripe retries too.
 */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
]);

/** Stripe's statuses of a subscription that bills or is about to. */
const LIVE_AT_STRIPE = new Set<string>(['active', 'trialing', 'past_due', 'incomplete']);

interface Fetched {
  workspaceId: string | null;
  subscription: Stripe.Subscription | null;
  invoice: Stripe.Invoice | null;
}

export function createStripeWebhooks(deps: { db: Db; settings: PaymentSettingsService; clientFor: StripeClientFor }) {
  const { db } = deps;

  async function keys() {
    const s = await deps.settings.effective();
    if (!s.stripeSecretKey || !s.stripeWebhookSecret)
      throw new AppError('failed-precondition', 'Stripe is not connected on this installation.');
    return { stripe: deps.clientFor(s.stripeSecretKey), secret: s.stripeWebhookSecret, settings: s };
  }

  const retrieveSub = (stripe: Stripe, id: string) =>
    stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] });

  /** The objects the event is about, as Stripe has them now. */
  async function fetch(stripe: Stripe, event: Stripe.Event): Promise<Fetched> {
    const obj = event.data.object as unknown as Record<string, unknown>;
    if (event.type === 'checkout.session.completed') {
      const session = await stripe.checkout.sessions.retrieve(String(obj.id));
      const subId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      return {
        workspaceId: session.client_reference_id ?? session.metadata?.workspaceId ?? null,
        subscription: subId ? await retrieveSub(stripe, subId) : null,
        invoice: null,
      };
    }
    if (event.type.startsWith('customer.subscription.')) {
      try {
        return { workspaceId: null, subscription: await retrieveSub(stripe, String(obj.id)), invoice: null };
      } catch (e) {
        // A deleted subscription may be gone from the API: the event's own object then says canceled.
        if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404)
          return { workspaceId: null, subscription: event.data.object as Stripe.Subscription, invoice: null };
        throw e;
      }
    }
    const invoice = await stripe.invoices.retrieve(String(obj.id));
    const subId = invoiceSubscriptionId(invoice);
    return { workspaceId: null, subscription: subId ? await retrieveSub(stripe, subId) : null, invoice };
  }

  /**
   * A live subscription for a workspace that already holds another live one (a second Checkout
   * finished in another tab, a subscription made in Stripe's dashboard): the workspace keeps the one
   * it holds, and the one arriving is canceled at Stripe. Returns the workspace and the one kept.
   */
  async function secondSubscription(stripe: Stripe, f: Fetched) {
    const sub = f.subscription;
    if (!sub || !LIVE_AT_STRIPE.has(sub.status)) return null;
    const workspaceId = f.workspaceId ?? sub.metadata?.workspaceId ?? null;
    if (!workspaceId) return null;
    const kept = liveStripeSubscription(await subscriptionService.find(db, workspaceId));
    if (!kept || kept === sub.id) return null;
    await stripe.subscriptions.cancel(sub.id, {
      cancellation_details: { comment: `A second subscription for workspace ${workspaceId}, which has ${kept}` },
    });
    return { workspaceId, kept, canceled: sub.id };
  }

  async function apply(event: Stripe.Event): Promise<'applied' | 'ignored' | 'duplicate'> {
    const { stripe, settings } = await keys();
    const handled = HANDLED.has(event.type);
    // A redelivery of an event already applied: answered without calling Stripe at all.
    if (await events.isApplied(db, event.id)) return 'duplicate';
    const fetched = handled ? await fetch(stripe, event) : null;
    const second = fetched ? await secondSubscription(stripe, fetched) : null;
    return db.transaction(async (tx) => {
      const status = handled ? 'applied' : 'ignored';
      if (!(await events.claim(tx, { id: event.id, type: event.type, payload: event, status }))) return 'duplicate';
      if (second) {
        await audit.record(tx, {
          action: 'plan.duplicate-canceled',
          workspaceId: second.workspaceId,
          targetType: 'workspace',
          targetId: second.workspaceId,
          details: { kept: second.kept, canceled: second.canceled, event: event.type },
        });
        return status;
      }
      if (!fetched?.subscription) return status;
      const workspaceId = await applyStripeSubscription(tx, fetched.subscription, {
        workspaceId: fetched.workspaceId,
        graceDays: settings.graceDays,
      });
      if (fetched.invoice && workspaceId) {
        const sub = await subscriptionService.find(tx, workspaceId);
        await applyStripeInvoice(tx, fetched.invoice, {
          workspaceId,
          seller: settings.seller,
          planKey: sub?.planKey ?? 'basic',
          interval: sub?.interval ?? 'month',
        });
      }
      return status;
    });
  }

  async function applyRecording(event: Stripe.Event) {
    try {
      return await apply(event);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await events.fail(db, { id: event.id, type: event.type, payload: event }, message.slice(0, 1000));
      throw e instanceof AppError ? e : stripeFailure(e);
    }
  }

  return {
    /** POST /api/v1/billing/webhooks/stripe. */
    async receive(rawBody: Buffer, signature: string | undefined) {
      const { stripe, secret } = await keys();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
      } catch {
        throw new AppError('invalid-argument', 'The Stripe-Signature header does not match this payload.');
      }
      return { received: true as const, result: await applyRecording(event) };
    },

    /** The administrator's retry of a failed event: from its stored payload, still exactly once. */
    async retry(id: string) {
      const row = await events.find(db, id);
      if (!row) throw new AppError('not-found', 'No such Stripe event.');
      if (row.status === 'failed') await applyRecording(row.payload as Stripe.Event).catch(() => {});
      return toWebhookEvent((await events.find(db, id))!);
    },

    async list(status: string | undefined) {
      return { items: (await events.list(db, status, 200)).map(toWebhookEvent) };
    },

    /**
     * The return from Checkout: re-reads the session and its subscription and applies them as the
     * webhook would, so the billing page shows the truth even when the webhook is late.
     */
    async syncCheckout(workspaceId: string, sessionId: string): Promise<void> {
      const { stripe, settings } = await keys();
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (e) {
        throw e instanceof Stripe.errors.StripeInvalidRequestError
          ? new AppError('not-found', 'No such Checkout session.')
          : stripeFailure(e);
      }
      if ((session.client_reference_id ?? session.metadata?.workspaceId) !== workspaceId)
        throw new AppError('not-found', 'No such Checkout session.');
      const subId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (!subId || session.status !== 'complete') return;
      const sub = await retrieveSub(stripe, subId).catch((e) => {
        throw stripeFailure(e);
      });
      await db.transaction((tx) => applyStripeSubscription(tx, sub, { workspaceId, graceDays: settings.graceDays }));
    },
  };
}
export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;

function toWebhookEvent(row: {
  id: string;
  type: string;
  status: string;
  error: string | null;
  attempts: number;
  createdAt: Date;
}) {
  return {
    id: row.id,
    type: row.type,
    status: row.status as 'applied' | 'ignored' | 'failed',
    error: row.error,
    attempts: row.attempts,
    receivedAt: row.createdAt.toISOString(),
  };
}
