import { type Form, type Obj, StubError, flag, metadataOf, newId as id, under } from './stripe-stub-api.ts';

const list = (data: Obj[]) => ({ object: 'list', data, has_more: false });

/**
 * The stand-in's catalogue routes: Products (their own ids), Prices (found by lookup_key, one
 * holder per key, moved only with transfer_lookup_key), Tax Rates, the portal's configurations
 * (every Price they offer must exist and be active) and portal sessions (under a configuration).
 */
export function catalogueRoute(
  route: string,
  objectId: string | undefined,
  form: Form,
  s: {
    products: Map<string, Obj>;
    prices: Map<string, Obj>;
    taxRates: Map<string, Obj>;
    portalConfigurations: Map<string, Obj>;
    must(m: Map<string, Obj>, id: string | undefined, what?: string): Obj;
    activePrice(id: string | undefined): Obj;
  },
): unknown {
  const { products, prices, taxRates, portalConfigurations, must, activePrice } = s;
  switch (route) {
    case 'GET /products/:id':
      return must(products, objectId, 'product');
    case 'POST /products': {
      if (!form.id || products.has(form.id)) throw new StubError(400, `Product ${form.id} exists or has no id`);
      const p: Obj = {
        id: form.id,
        object: 'product',
        name: form.name,
        active: flag(form.active),
        metadata: metadataOf(form),
      };
      products.set(p.id, p);
      return p;
    }
    case 'POST /products/:id':
      return Object.assign(must(products, objectId, 'product'), { name: form.name, active: flag(form.active) });
    case 'GET /prices': {
      const keys = Object.entries(form)
        .filter(([k]) => k.startsWith('lookup_keys['))
        .map(([, v]) => v);
      return list(
        [...prices.values()].filter((p) => keys.includes(p.lookup_key as string) && (!form.active || p.active)),
      );
    }
    case 'POST /prices': {
      must(products, form.product, 'product');
      if (form.lookup_key) {
        const holder = [...prices.values()].find((p) => p.lookup_key === form.lookup_key);
        if (holder && !flag(form.transfer_lookup_key)) throw new StubError(400, 'lookup_key is taken');
        if (holder) holder.lookup_key = null;
      }
      const p: Obj = {
        id: id('price'),
        object: 'price',
        active: true,
        product: form.product,
        currency: form.currency,
        unit_amount: Number(form.unit_amount),
        recurring: { interval: form['recurring[interval]'] },
        lookup_key: form.lookup_key ?? null,
        metadata: metadataOf(form),
      };
      prices.set(p.id, p);
      return p;
    }
    case 'POST /prices/:id':
      return Object.assign(must(prices, objectId, 'price'), { active: flag(form.active) });
    case 'GET /tax_rates':
      return list([...taxRates.values()].filter((r) => !form.active || r.active));
    case 'POST /tax_rates': {
      const r: Obj = {
        id: id('txr'),
        object: 'tax_rate',
        active: true,
        display_name: form.display_name,
        percentage: Number(form.percentage),
        inclusive: flag(form.inclusive),
        metadata: metadataOf(form),
      };
      taxRates.set(r.id, r);
      return r;
    }
    case 'POST /tax_rates/:id':
      return Object.assign(must(taxRates, objectId, 'tax_rate'), { active: flag(form.active) });
    case 'GET /billing_portal/configurations':
      return list([...portalConfigurations.values()]);
    case 'POST /billing_portal/configurations':
    case 'POST /billing_portal/configurations/:id': {
      const ps = under(form, 'features[subscription_update][products]');
      for (const [k, v] of Object.entries(ps)) if (/\[prices\]/.test(k)) activePrice(v);
      const c: Obj = objectId
        ? must(portalConfigurations, objectId, 'configuration')
        : { id: id('bpc'), object: 'billing_portal.configuration', active: true };
      Object.assign(c, { metadata: metadataOf(form), form });
      portalConfigurations.set(c.id, c);
      return c;
    }
    case 'POST /billing_portal/sessions':
      must(portalConfigurations, form.configuration, 'configuration');
      return { id: id('bps'), object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session' };
    default:
      throw new StubError(404, `Unrecognized request URL (${route})`);
  }
}
