import type { AuthResult } from '@vigil/shared';
import { type TestApp, createTestApp, signUp } from './harness.ts';
import { type StripeStub, startStripeStub } from './stripe-stub.ts';

/**
 * The Stripe tests' world: the stand-in, an app pointed at it and listening (Stripe posts its
 * webhooks over HTTP), the webhook's address, and the installation's administrator (the first user).
 */
export async function startStripeApp(): Promise<{
  stripe: StripeStub;
  t: TestApp;
  hook: string;
  admin: AuthResult;
  close(): Promise<void>;
}> {
  const stripe = await startStripeStub();
  const t = await createTestApp({ STRIPE_API_URL: stripe.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const admin = await signUp(t.app, { displayName: 'Admin' });
  return {
    stripe,
    t,
    hook: `http://127.0.0.1:${port}/api/v1/billing/webhooks/stripe`,
    admin,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}
