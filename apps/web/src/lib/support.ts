import type { SupportContact } from '@vigil/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, unwrap } from './api-client.ts';

/** The installation's support contact: set at its start, so read once per visit. */
export const supportQuery = queryOptions({
  queryKey: ['support'],
  queryFn: async () => unwrap(await request<SupportContact>('GET', '/api/v1/support')),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The support contact, or nothing while it loads, when it cannot be read or when none is set. */
export function useSupportContact(): SupportContact | null {
  const { data } = useQuery(supportQuery);
  return data && (data.email || data.phone) ? data : null;
}

/** A phone number as a tel: link wants it (digits and the leading plus). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
