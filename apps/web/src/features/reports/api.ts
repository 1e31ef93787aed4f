import type {
  CreateReportInput,
  CreateReportScheduleInput,
  Report,
  ReportRecipient,
  ReportSchedule,
  UpdateReportScheduleInput,
} from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { isRendering } from './report-model.ts';

export const reportsKey = ['reports'] as const;

/** The reports, newest first, and the workspace's zone; polled each second while one is rendering. */
export const reportsQuery = queryOptions({
  queryKey: [...reportsKey, 'list'],
  queryFn: async () => unwrap(await request<{ items: Report[]; timeZone: string }>('GET', '/api/v1/reports')),
  refetchInterval: (q) => (q.state.data?.items.some(isRendering) ? 1000 : false),
});

export const schedulesQuery = queryOptions({
  queryKey: [...reportsKey, 'schedules'],
  queryFn: async () => unwrap(await request<{ items: ReportSchedule[] }>('GET', '/api/v1/report-schedules')).items,
});

/** Who may receive scheduled reports, read by the reports API (features never import each other). */
export const recipientsQuery = queryOptions({
  queryKey: [...reportsKey, 'recipients'],
  queryFn: async () =>
    unwrap(await request<{ items: ReportRecipient[] }>('GET', '/api/v1/report-schedules/recipients')).items,
});

/** The sites to choose from (the `vms` plan only): their own query. */
export const reportSitesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...reportsKey, 'sites'],
    queryFn: async () =>
      unwrap(await request<{ items: { id: string; name: string }[] }>('GET', '/api/v1/sites')).items.map((s) => ({
        id: s.id,
        name: s.name,
      })),
    enabled,
  });

function useReportsMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

export const useCreateReport = () =>
  useReportsMutation(async (input: CreateReportInput) =>
    unwrap(await request<{ id: string }>('POST', '/api/v1/reports', input)),
  );

export const useDeleteReport = () =>
  useReportsMutation(async (id: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/reports/${encodeURIComponent(id)}`)),
  );

export const useCreateSchedule = () =>
  useReportsMutation(async (input: CreateReportScheduleInput) =>
    unwrap(await request<ReportSchedule>('POST', '/api/v1/report-schedules', input)),
  );

export const useUpdateSchedule = () =>
  useReportsMutation(async ({ id, patch }: { id: string; patch: UpdateReportScheduleInput }) =>
    unwrap(await request<ReportSchedule>('PATCH', `/api/v1/report-schedules/${encodeURIComponent(id)}`, patch)),
  );

export const useDeleteSchedule = () =>
  useReportsMutation(async (id: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/report-schedules/${encodeURIComponent(id)}`)),
  );
