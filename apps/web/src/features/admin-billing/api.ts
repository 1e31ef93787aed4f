import type {
  AdminCreditNote,
  AdminInvoice,
  AdminPayment,
  WebhookEvent,
  AdminPlan,
  CreditNote,
  CreatePlanInput,
  PaymentSettings,
  UpdatePaymentSettingsInput,
  UpdatePlanInput,
} from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { plansKey } from '../../lib/plans.ts';

const adminBillingKey = ['admin', 'billing'] as const;

export const paymentSettingsQuery = queryOptions({
  queryKey: [...adminBillingKey, 'settings'],
  queryFn: async () => unwrap(await request<PaymentSettings>('GET', '/api/v1/admin/payment-settings')),
});
export const openInvoicesQuery = queryOptions({
  queryKey: [...adminBillingKey, 'invoices', 'open'],
  queryFn: async () =>
    unwrap(await request<{ items: AdminInvoice[] }>('GET', '/api/v1/admin/invoices?status=open')).items,
});
/** Paid invoices: the manual ones among them may be refunded by a credit note. */
export const paidInvoicesQuery = queryOptions({
  queryKey: [...adminBillingKey, 'invoices', 'paid'],
  queryFn: async () =>
    unwrap(await request<{ items: AdminInvoice[] }>('GET', '/api/v1/admin/invoices?status=paid')).items,
});
export const paymentsQuery = queryOptions({
  queryKey: [...adminBillingKey, 'payments'],
  queryFn: async () => unwrap(await request<{ items: AdminPayment[] }>('GET', '/api/v1/admin/payments')).items,
});
export const creditNotesQuery = queryOptions({
  queryKey: [...adminBillingKey, 'credit-notes'],
  queryFn: async () => unwrap(await request<{ items: AdminCreditNote[] }>('GET', '/api/v1/admin/credit-notes')).items,
});
export const failedWebhooksQuery = queryOptions({
  queryKey: [...adminBillingKey, 'webhooks', 'failed'],
  queryFn: async () =>
    unwrap(await request<{ items: WebhookEvent[] }>('GET', '/api/v1/admin/webhook-events?status=failed')).items,
});

/** A plan edit refreshes every view of the plans table (pricing, upgrade, landing, Admin › Users). */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input:
        | { key: string; create: true; body: CreatePlanInput }
        | { key: string; create: false; body: UpdatePlanInput },
    ) =>
      unwrap(
        input.create
          ? await request<AdminPlan>('POST', '/api/v1/admin/plans', input.body)
          : await request<AdminPlan>('PATCH', `/api/v1/admin/plans/${encodeURIComponent(input.key)}`, input.body),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }),
  });
}

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePaymentSettingsInput) =>
      unwrap(await request<PaymentSettings>('PUT', '/api/v1/admin/payment-settings', body)),
    onSuccess: (saved) => queryClient.setQueryData(paymentSettingsQuery.queryKey, saved),
  });
}

/** Marking an invoice paid also records a payment: both lists refresh. */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await request<AdminInvoice>('POST', `/api/v1/admin/invoices/${encodeURIComponent(id)}/paid`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBillingKey }),
  });
}

/** A refund issues a credit note: the invoices and credit notes refresh. */
export function useRefundInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await request<CreditNote>('POST', `/api/v1/admin/invoices/${encodeURIComponent(id)}/refund`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBillingKey }),
  });
}

export function useRetryWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await request<WebhookEvent>('POST', `/api/v1/admin/webhook-events/${encodeURIComponent(id)}/retry`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBillingKey }),
  });
}
