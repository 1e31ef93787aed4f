import {
  LIST_DEFAULT_LIMIT,
  type SmsMessage,
  type SmsOptOut,
  type SmsSettings,
  type UpdateSmsSettingsInput,
} from '@vigil/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const smsKey = ['sms'] as const;

export const smsSettingsQuery = queryOptions({
  queryKey: [...smsKey, 'settings'],
  queryFn: async () => unwrap(await request<SmsSettings>('GET', '/api/v1/sms/settings')),
});

export const smsMessagesQuery = infiniteQueryOptions({
  queryKey: [...smsKey, 'messages'],
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam }) => {
    const params = new URLSearchParams({ limit: String(LIST_DEFAULT_LIMIT) });
    if (pageParam) params.set('startAfter', pageParam);
    return unwrap(
      await request<{ items: SmsMessage[]; nextCursor: string | null }>('GET', `/api/v1/sms/messages?${params}`),
    );
  },
  getNextPageParam: (last) => last.nextCursor,
});

export const smsOptOutsQuery = queryOptions({
  queryKey: [...smsKey, 'opt-outs'],
  queryFn: async () => unwrap(await request<{ items: SmsOptOut[] }>('GET', '/api/v1/sms/opt-outs')),
});

/** Every write refreshes the SMS views (settings show usage, the log shows a test). */
function useSmsMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: smsKey }),
  });
}

export const useSaveSmsSettings = () =>
  useSmsMutation(async (body: UpdateSmsSettingsInput) =>
    unwrap(await request<SmsSettings>('PUT', '/api/v1/sms/settings', body)),
  );

export const useSendTestSms = () =>
  useSmsMutation(async (to: string) => unwrap(await request<SmsMessage>('POST', '/api/v1/sms/test', { to })));

export const useRemoveOptOut = () =>
  useSmsMutation(async (phone: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/sms/opt-outs/${encodeURIComponent(phone)}`)),
  );
