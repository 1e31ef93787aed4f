import type {
  Camera,
  CreateRuleInput,
  Delivery,
  NotificationRule,
  Page,
  Recipient,
  UpdateRuleInput,
  Webhook,
} from '@vigil/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { type DeliveryFilters, deliveryQuery } from './delivery-model.ts';

export const notificationsKey = ['notifications'] as const;
const rulesKey = [...notificationsKey, 'rules'] as const;
const webhooksKey = [...notificationsKey, 'webhooks'] as const;
const settingsKey = [...notificationsKey, 'settings'] as const;
export const deliveriesKey = [...notificationsKey, 'deliveries'] as const;
const id = (s: string) => encodeURIComponent(s);

export const rulesQuery = queryOptions({
  queryKey: [...rulesKey, 'list'],
  queryFn: async () => unwrap(await request<{ items: NotificationRule[] }>('GET', '/api/v1/notification-rules')).items,
});

export const recipientsQuery = queryOptions({
  queryKey: [...notificationsKey, 'recipients'],
  queryFn: async () =>
    unwrap(await request<{ items: Recipient[] }>('GET', '/api/v1/notification-rules/recipients')).items,
});

/** Camera names for the rule picker and sentences: this feature's own query (features never import each other). */
export const ruleCamerasQuery = queryOptions({
  queryKey: [...notificationsKey, 'cameras'],
  queryFn: async () => unwrap(await request<Page<Camera>>('GET', '/api/v1/cameras?limit=100')).items,
});

function useWrite<I, O>(key: readonly string[], call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useCreateRule = () =>
  useWrite(rulesKey, async (input: CreateRuleInput) =>
    unwrap(await request<NotificationRule>('POST', '/api/v1/notification-rules', input)),
  );
export const useUpdateRule = () =>
  useWrite(rulesKey, async ({ ruleId, patch }: { ruleId: string; patch: UpdateRuleInput }) =>
    unwrap(await request<NotificationRule>('PATCH', `/api/v1/notification-rules/${id(ruleId)}`, patch)),
  );
export const useDeleteRule = () =>
  useWrite(rulesKey, async (ruleId: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/notification-rules/${id(ruleId)}`)),
  );

export const webhooksQuery = queryOptions({
  queryKey: [...webhooksKey, 'list'],
  queryFn: async () => unwrap(await request<{ items: Webhook[] }>('GET', '/api/v1/webhooks')).items,
});

export interface WebhookInput {
  url: string;
  secret: string;
  kinds: Webhook['kinds'];
  enabled: boolean;
}
export interface TestResult {
  ok: boolean;
  code: number | null;
  error: string | null;
}

export const useCreateWebhook = () =>
  useWrite(webhooksKey, async (input: WebhookInput) =>
    unwrap(await request<Webhook>('POST', '/api/v1/webhooks', input)),
  );
export const useUpdateWebhook = () =>
  useWrite(webhooksKey, async ({ hookId, patch }: { hookId: string; patch: Partial<WebhookInput> }) =>
    unwrap(await request<Webhook>('PATCH', `/api/v1/webhooks/${id(hookId)}`, patch)),
  );
export const useDeleteWebhook = () =>
  useWrite(webhooksKey, async (hookId: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/webhooks/${id(hookId)}`)),
  );
/** Not a write: the answer is shown beside the webhook, nothing to refresh. */
export const useTestWebhook = () =>
  useMutation({
    mutationFn: async (hookId: string) =>
      unwrap(await request<TestResult>('POST', `/api/v1/webhooks/${id(hookId)}/test`)),
  });

export interface NotificationSettings {
  /** Password masked; null: MQTT off. */
  mqttUrl: string | null;
  /** Home Assistant discovery documents published for each camera. */
  mqttDiscovery: boolean;
}
export const settingsQuery = queryOptions({
  queryKey: [...settingsKey],
  queryFn: async () => unwrap(await request<NotificationSettings>('GET', '/api/v1/notifications/settings')),
  // A server without the settings routes answers 404: say so once instead of retrying.
  retry: false,
});
export const useSaveSettings = () =>
  useWrite(settingsKey, async (input: NotificationSettings) =>
    unwrap(await request<NotificationSettings>('PUT', '/api/v1/notifications/settings', input)),
  );
export const useTestMqtt = () =>
  useMutation({
    mutationFn: async () => unwrap(await request<TestResult>('POST', '/api/v1/notifications/settings/mqtt-test')),
  });

const PAGE_SIZE = 30;
export type DeliveryPage = { items: Delivery[]; nextCursor: string | null };

/** Newest first, keyset paged with the server's cursor. */
export const deliveriesQuery = (filters: DeliveryFilters) =>
  infiniteQueryOptions({
    queryKey: [...deliveriesKey, filters],
    queryFn: async ({ pageParam }) =>
      unwrap(await request<DeliveryPage>('GET', `/api/v1/deliveries?${deliveryQuery(filters, PAGE_SIZE, pageParam)}`)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useRetryDelivery = () =>
  useWrite(deliveriesKey, async (deliveryId: string) =>
    unwrap(await request<undefined>('POST', `/api/v1/deliveries/${id(deliveryId)}/retry`)),
  );
