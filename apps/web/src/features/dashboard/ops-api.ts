import type { AssignEventInput, Camera, Page, TaskAssignee, TaskDetail, TaskPage, VigilEvent } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { TOPIC_EVENTS, TOPIC_TASKS } from '../../lib/realtime.ts';
import { useRealtimeEvent } from '../../lib/use-realtime.ts';
import { oldestFirst } from './queue-model.ts';

/** The operator's and viewer's dashboards: what they read, kept current by the realtime stream. */
const opsKey = ['dashboard', 'ops'] as const;
const eventsKey = [...opsKey, 'events'] as const;
const tasksKey = [...opsKey, 'tasks'] as const;
/** The most the queue shows at once: a queue longer than this is worked on the events page. */
export const QUEUE_MAX = 200;

const events = async (query: string) => unwrap(await request<Page<VigilEvent>>('GET', `/api/v1/events?${query}`)).items;

/** Open alerts of the person's cameras (the server scopes them), the longest waiting first. */
export const alertQueueQuery = queryOptions({
  queryKey: [...eventsKey, 'queue'],
  queryFn: async () => oldestFirst(await events(`severity=alert&acknowledged=false&limit=${QUEUE_MAX}`)),
});

export const latestEventsQuery = queryOptions({
  queryKey: [...eventsKey, 'latest'],
  queryFn: () => events('limit=10'),
});

export const myTasksQuery = queryOptions({
  queryKey: [...tasksKey, 'mine'],
  queryFn: async () =>
    unwrap(await request<TaskPage>('GET', '/api/v1/tasks?assignee=me&status=open,in_progress&limit=50')).items,
});

export const teammatesQuery = queryOptions({
  queryKey: [...tasksKey, 'teammates'],
  queryFn: async () => unwrap(await request<{ items: TaskAssignee[] }>('GET', '/api/v1/tasks/assignees')).items,
});

/** Camera names by id, for the rows (features never import each other). */
export const cameraNamesQuery = queryOptions({
  queryKey: [...opsKey, 'cameras'],
  queryFn: async () => {
    const page = unwrap(await request<Page<Camera>>('GET', '/api/v1/cameras?limit=100'));
    return new Map(page.items.map((c) => [c.id, c.name]));
  },
});

/** New, acknowledged and handed-over alerts reach every open dashboard over the stream, not by polling. */
export function useOpsRealtime(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(TOPIC_EVENTS, () => void queryClient.invalidateQueries({ queryKey: eventsKey }));
  useRealtimeEvent(TOPIC_TASKS, () => void queryClient.invalidateQueries({ queryKey: tasksKey }));
}

/** Acknowledging takes the alert out of the queue at once; the stream tells everyone else. */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await request<{ acknowledged: number }>('POST', '/api/v1/events/acknowledge', { ids: [id] })),
    onSuccess: (_r, id) => {
      queryClient.setQueryData(alertQueueQuery.queryKey, (list) => list?.filter((e) => e.id !== id));
      return queryClient.invalidateQueries({ queryKey: eventsKey });
    },
  });
}

export function useAssignAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AssignEventInput) =>
      unwrap(await request<TaskDetail>('POST', '/api/v1/tasks/event-assignment', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }),
  });
}
