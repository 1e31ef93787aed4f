import type { CreateScheduleInput, Schedule } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const schedulesKey = ['schedules'] as const;

export interface ScheduleList {
  items: Schedule[];
  timeZone: string;
}

/** A workspace keeps few schedules (the server caps them at 100): one answer holds them and the zone. */
export const schedulesQuery = queryOptions({
  queryKey: [...schedulesKey, 'list'],
  queryFn: async () => unwrap(await request<ScheduleList>('GET', '/api/v1/schedules')),
});

/** Every write refreshes the list; the realtime `schedules` topic does the same for teammates' writes. */
function useScheduleMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
}

export const useCreateSchedule = () =>
  useScheduleMutation(async (input: CreateScheduleInput) =>
    unwrap(await request<Schedule>('POST', '/api/v1/schedules', input)),
  );

export const useUpdateSchedule = () =>
  useScheduleMutation(async ({ id, patch }: { id: string; patch: Partial<CreateScheduleInput> }) =>
    unwrap(await request<Schedule>('PATCH', `/api/v1/schedules/${encodeURIComponent(id)}`, patch)),
  );

export const useDeleteSchedule = () =>
  useScheduleMutation(async (id: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/schedules/${encodeURIComponent(id)}`)),
  );

export const useSetTimeZone = () =>
  useScheduleMutation(async (timeZone: string) =>
    unwrap(await request<{ timeZone: string }>('PUT', '/api/v1/schedules/time-zone', { timeZone })),
  );
