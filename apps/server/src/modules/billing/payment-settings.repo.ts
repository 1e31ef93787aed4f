import { type DbOrTx, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';

const { installationSettings: t } = schema;
const KEY = 'payments';

/** The installation's payment settings as stored: Stripe's secrets sealed (lib/secrets.ts). */
export interface StoredPaymentSettings {
  provider: 'manual' | 'stripe';
  currency: string;
  taxRate: number;
  graceDays: number;
  seller: { name: string; address: string; taxId: string };
  manualInstructions: string;
  stripe: {
    publishableKey: string | null;
    secretKey: string | null;
    webhookSecret: string | null;
    accountName: string | null;
  };
  updatedAt: string | null;
}

export const DEFAULT_PAYMENT_SETTINGS: StoredPaymentSettings = {
  provider: 'manual',
  currency: 'EUR',
  taxRate: 0,
  graceDays: 7,
  seller: { name: '', address: '', taxId: '' },
  manualInstructions: '',
  stripe: { publishableKey: null, secretKey: null, webhookSecret: null, accountName: null },
  updatedAt: null,
};

export const paymentSettingsRepo = {
  async read(db: DbOrTx): Promise<StoredPaymentSettings> {
    const [row] = await db.select({ value: t.value }).from(t).where(eq(t.key, KEY)).limit(1);
    const v = (row?.value ?? {}) as Partial<StoredPaymentSettings>;
    return { ...DEFAULT_PAYMENT_SETTINGS, ...v, stripe: { ...DEFAULT_PAYMENT_SETTINGS.stripe, ...v.stripe } };
  },
  async write(db: DbOrTx, value: StoredPaymentSettings): Promise<void> {
    await db.insert(t).values({ key: KEY, value }).onConflictDoUpdate({ target: t.key, set: { value } });
  },
};
