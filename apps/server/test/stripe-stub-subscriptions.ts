import { randomBytes } from 'node:crypto';
import {
  type Form,
  type Obj,
  StubError,
  flag,
  listOf,
  metadataOf,
  newId as id,
  now,
  under,
} from './stripe-stub-api.ts';
import { catalogueRoute } from './stripe-stub-catalogue.ts';
import { type StubStore, itemOf } from './stripe-stub-store.ts';

/** Minor units of an invoice preview: the prorated difference now, or the next period at the new price; tax on top. */
function preview(store: StubStore, form: Form): Obj {
  const sub = store.must(store.subscriptions, form.subscription, 'subscription');
  if (form.customer !== sub.customer) throw new StubError(400, 'The customer does not own this subscription');
  const [item] = listOf(under(form, 'subscription_details'), '[items]');
  if (item?.id !== itemOf(sub).id) throw new StubError(400, 'subscription_details.items must name the item');
  const next = store.activePrice(item.price);
  const cur = itemOf(sub);
  const behavior = form['subscription_details[proration_behavior]'];
  let amount = next.unit_amount as number;
  if (behavior === 'always_invoice') {
    const left = (cur.current_period_end - now()) / (cur.current_period_end - cur.current_period_start);
    amount = Math.max(0, Math.round((amount - (cur.price.unit_amount as number)) * left));
  } else if (behavior !== 'none') throw new StubError(400, 'proration_behavior must be given');
  const percent = ((sub.default_tax_rates as { percentage: number }[])[0]?.percentage ?? 0) / 100;
  const amountDue = Math.round(amount * (1 + percent));
  store.lastPreview = { amountDue };
  return { id: 'upcoming_in', object: 'invoice', amount_due: amountDue, currency: next.currency as string };
}

/**
 * The stand-in's subscription routes: Checkout sessions (catalogue Prices only), subscriptions
 * (their price changed with a proration, cancelled at the period's end, or refused while a schedule
 * manages them), subscription schedules, invoice previews and invoices; the catalogue's otherwise.
 */
export function subscriptionRoute(route: string, objectId: string | undefined, form: Form, store: StubStore): unknown {
  const { sessions, subscriptions, invoices, schedules, failing, must, activePrice, activeTaxRate } = store;
  switch (route) {
    case 'POST /checkout/sessions': {
      if (Object.keys(form).some((k) => k.includes('price_data') || k.includes('product_data')))
        throw new StubError(400, 'Checkout here takes catalogue Prices, not inline price_data');
      activePrice(form['line_items[0][price]']);
      const tax = form['subscription_data[default_tax_rates][0]'];
      if (tax) activeTaxRate(tax);
      const s: Obj = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${randomBytes(6).toString('hex')}`,
        client_reference_id: form.client_reference_id ?? null,
        metadata: metadataOf(form),
        customer: form.customer ?? null,
        customer_email: form.customer_email ?? null,
        subscription: null,
        form,
      };
      sessions.set(s.id, s);
      return s;
    }
    case 'GET /checkout/sessions/:id':
      return must(sessions, objectId, 'checkout.session');
    case 'GET /subscriptions/:id':
      if (failing.on) throw new StubError(500, 'Stripe is having a bad day', 'api_error');
      return must(subscriptions, objectId, 'subscription');
    case 'POST /subscriptions/:id': {
      const sub = must(subscriptions, objectId, 'subscription');
      if (sub.schedule && ('cancel_at_period_end' in form || 'items[0][price]' in form))
        throw new StubError(400, `The subscription is managed by the subscription schedule ${sub.schedule}`);
      if ('cancel_at_period_end' in form) sub.cancel_at_period_end = flag(form.cancel_at_period_end);
      if ('items[0][price]' in form) {
        const item = itemOf(sub);
        if (form['items[0][id]'] !== item.id) throw new StubError(400, 'items[0][id] must name the item');
        if (!form.proration_behavior) throw new StubError(400, 'proration_behavior must be given');
        item.price = activePrice(form['items[0][price]']);
      }
      return sub;
    }
    case 'DELETE /subscriptions/:id':
      return Object.assign(must(subscriptions, objectId, 'subscription'), { status: 'canceled' });
    case 'POST /subscription_schedules': {
      const sub = must(subscriptions, form.from_subscription, 'subscription');
      if (sub.schedule) throw new StubError(400, 'The subscription already has a schedule');
      const item = itemOf(sub);
      const s: Obj = {
        id: id('sub_sched'),
        object: 'subscription_schedule',
        status: 'active',
        subscription: sub.id,
        end_behavior: 'release',
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: item.price.id, quantity: 1 }],
          },
        ],
      };
      schedules.set(s.id, s);
      sub.schedule = s.id;
      return s;
    }
    case 'GET /subscription_schedules/:id':
      return must(schedules, objectId, 'subscription_schedule');
    case 'POST /subscription_schedules/:id': {
      const s = must(schedules, objectId, 'subscription_schedule');
      const phases = listOf(form, 'phases').map((_, i) => {
        const price = form[`phases[${i}][items][0][price]`];
        activePrice(price);
        return { price, metadata: metadataOf(form, `phases[${i}][metadata]`) };
      });
      if (!form['phases[0][end_date]']) throw new StubError(400, 'The current phase needs an end_date');
      if (!form['phases[1][duration][interval]']) throw new StubError(400, 'The next phase needs a duration');
      return Object.assign(s, { end_behavior: form.end_behavior, phases, form });
    }
    case 'POST /subscription_schedules/:id/release': {
      const s = must(schedules, objectId, 'subscription_schedule');
      subscriptions.get(s.subscription as string)!.schedule = null;
      return Object.assign(s, { status: 'released' });
    }
    case 'POST /invoices/create_preview':
      return preview(store, form);
    case 'GET /invoices/:id':
      return must(invoices, objectId, 'invoice');
    default:
      return catalogueRoute(route, objectId, form, store);
  }
}
