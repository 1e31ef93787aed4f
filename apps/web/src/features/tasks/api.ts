import type {
  Camera,
  CreateTaskInput,
  Page,
  TaskAssignee,
  TaskComment,
  TaskDetail,
  TaskPage,
  UpdateTaskInput,
} from '@vigil/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';
import { type TaskFilters, listQuery } from './task-model.ts';

export const tasksKey = ['tasks'] as const;
const PAGE_SIZE = 50;

/** Soonest due first, keyset paged: each page asks for what comes after the previous nextCursor. */
export const taskListQuery = (filters: TaskFilters) =>
  infiniteQueryOptions({
    queryKey: [...tasksKey, 'list', filters],
    queryFn: async ({ pageParam }) =>
      unwrap(await request<TaskPage>('GET', `/api/v1/tasks?${listQuery(filters, PAGE_SIZE, pageParam)}`)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const taskQuery = (id: string) =>
  queryOptions({
    queryKey: [...tasksKey, 'one', id],
    queryFn: async () => unwrap(await request<TaskDetail>('GET', `/api/v1/tasks/${encodeURIComponent(id)}`)),
    enabled: !!id,
  });

/** Who a task can be given to, read from the workspace's memberships by the tasks API. */
export const assigneesQuery = queryOptions({
  queryKey: [...tasksKey, 'assignees'],
  queryFn: async () => unwrap(await request<{ items: TaskAssignee[] }>('GET', '/api/v1/tasks/assignees')).items,
});

/** Camera names for the form: its own query (features never import each other). */
export const taskCamerasQuery = queryOptions({
  queryKey: [...tasksKey, 'cameras'],
  queryFn: async () => unwrap(await request<Page<Camera>>('GET', '/api/v1/cameras?limit=100')).items,
});

/** Every write refreshes the lists and the task; the realtime `tasks` topic does the same for others' writes. */
function useTaskMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }),
  });
}

export const useCreateTask = () =>
  useTaskMutation(async (input: CreateTaskInput) => unwrap(await request<TaskDetail>('POST', '/api/v1/tasks', input)));

export const useUpdateTask = () =>
  useTaskMutation(async ({ id, patch }: { id: string; patch: UpdateTaskInput }) =>
    unwrap(await request<TaskDetail>('PATCH', `/api/v1/tasks/${encodeURIComponent(id)}`, patch)),
  );

export const useDeleteTask = () =>
  useTaskMutation(async (id: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/tasks/${encodeURIComponent(id)}`)),
  );

export const useAddComment = () =>
  useTaskMutation(async ({ id, body }: { id: string; body: string }) =>
    unwrap(await request<TaskComment>('POST', `/api/v1/tasks/${encodeURIComponent(id)}/comments`, { body })),
  );
