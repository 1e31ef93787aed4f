import type { AuditPage, AuditVerifyResult } from '@vigil/shared';
import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
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

/** Downloads the filtered log as CSV (lib/download); resolves with the file's name. */
export const useDownloadAuditCsv = () =>
  useMutation({
    mutationFn: (f: AuditFilterState) => downloadFile(`/api/v1/audit/export.csv?${filterParams(f)}`, 'vigil-audit.csv'),
  });
