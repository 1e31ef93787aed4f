import type { AuditPage, AuditVerifyResult } from '@vigil/shared';
import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, request, unwrap } from '../../lib/api-client.ts';
import { errorFromBody } from '../../lib/errors.ts';
import { getToken } from '../../lib/token-store.ts';
import { type AuditFilterState, filterParams } from './audit-model.ts';

export const auditKey = ['audit'] as const;
const PAGE = 50;

export const auditLogQuery = (f: AuditFilterState) =>
  infiniteQueryOptions({
    queryKey: [...auditKey, 'log', f],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = filterParams(f);
      params.set('limit', String(PAGE));
      if (pageParam) params.set('startAfter', pageParam);
      return unwrap(await request<AuditPage>('GET', `/api/v1/audit?${params}`));
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export const useVerifyAudit = () =>
  useMutation({
    mutationFn: async (installation: boolean) =>
      unwrap(
        await request<AuditVerifyResult>(
          'POST',
          `/api/v1/audit/verify${installation ? '?scope=installation' : ''}`,
          undefined,
          { timeoutMs: 120_000 },
        ),
      ),
  });

/**
 * Downloads the filtered log as CSV. Fetched with the session's token (not a bare link, which
 * would carry only the cookie), then saved through a temporary object URL.
 */
export const useDownloadAuditCsv = () =>
  useMutation({
    mutationFn: async (f: AuditFilterState) => {
      const token = getToken();
      let res: Response;
      try {
        res = await fetch(`/api/v1/audit/export.csv?${filterParams(f)}`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          credentials: 'same-origin',
        });
      } catch {
        throw new ApiError('unavailable', 'unavailable');
      }
      if (!res.ok) {
        const error = errorFromBody(await res.json().catch(() => undefined), res.status);
        throw new ApiError(error.code, error.message, error.fields, error.detail);
      }
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'vigil-audit.csv';
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
