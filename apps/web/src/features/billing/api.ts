import type { Billing, BillingInterval, PlanChangePreview } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const billingKey = ['billing'] as const;

export const billingQuery = queryOptions({
  queryKey: billingKey,
  queryFn: async () => unwrap(await request<Billing>('GET', '/api/v1/billing')),
});

/**
 * Back from Checkout: the server reads the session from Stripe (the webhook may not have come yet)
 * and answers with the billing state, so each poll asks Stripe, not only our copy.
 */
export const checkoutSyncQuery = (sessionId: string) =>
  queryOptions({
    queryKey: [...billingKey, 'checkout', sessionId],
    queryFn: async () => unwrap(await request<Billing>('POST', '/api/v1/billing/checkout/sync', { sessionId })),
  });

export type CheckoutResult = { url: string } | { invoiceId: string };

/** Checkout: a Stripe page to go to, or (manual provider) the invoice just issued. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { plan: string; interval: BillingInterval }) =>
      unwrap(await request<CheckoutResult>('POST', '/api/v1/billing/checkout', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey }),
  });
}

/** Cancel (at the period's end) and resume answer with the new billing state: shown at once. */
function useBillingChange(path: 'cancel' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await request<Billing>('POST', `/api/v1/billing/${path}`)),
    onSuccess: (billing) => queryClient.setQueryData(billingKey, billing),
  });
}
export const useCancelPlan = () => useBillingChange('cancel');
export const useResumePlan = () => useBillingChange('resume');

/** Stripe's customer portal: cancel, resume and the card are managed there when Stripe bills the plan. */
export const usePortal = () =>
  useMutation({
    mutationFn: async () => unwrap(await request<{ url: string }>('POST', '/api/v1/billing/portal')),
  });

export type PlanChoice = { plan: string; interval: BillingInterval };

/** What Stripe would charge to move the subscription to `choice`, and when (asked when the owner opens the question). */
export const planChangePreviewQuery = (choice: PlanChoice) =>
  queryOptions({
    queryKey: [...billingKey, 'change', choice.plan, choice.interval],
    queryFn: async () => unwrap(await request<PlanChangePreview>('POST', '/api/v1/billing/change/preview', choice)),
    staleTime: 0,
    gcTime: 0,
  });

/** Moves the one Stripe subscription to another plan: the new billing state is shown at once. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: PlanChoice) => unwrap(await request<Billing>('POST', '/api/v1/billing/change', choice)),
    onSuccess: (billing) => queryClient.setQueryData(billingKey, billing),
  });
}
