import { useMutation } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export interface UnsubscribeResult {
  channel: 'email';
  /** The address that stops receiving notification mail, masked. */
  email: string;
}

/** Turns notification emails off with the mail's signed link; no session needed. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: async (link: { u: string; t: string }) =>
      unwrap(await request<UnsubscribeResult>('POST', '/api/v1/notifications/unsubscribe', link)),
  });
