import { type TestApp, bearer } from './harness.ts';

/**
 * The authorization walk's objects and fixtures for the task routes: tasks of the `user`
 * actor's workspace (one for DELETE to spend) and one of another workspace.
 */
export interface TaskObjects {
  tasks: { own: string; ownDoomed: string; foreign: string };
}

export async function seedTaskObjects(t: TestApp, ownToken: string, foreignToken: string): Promise<TaskObjects> {
  const task = async (token: string, title: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tasks',
      headers: bearer(token),
      payload: { title },
    });
    if (res.statusCode !== 201) throw new Error(`task not created: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  return {
    tasks: {
      own: await task(ownToken, 'Own task'),
      ownDoomed: await task(ownToken, 'Own task to delete'),
      foreign: await task(foreignToken, 'Foreign task'),
    },
  };
}

const taskUrl = (w: TaskObjects, id: 'own' | 'ownDoomed', suffix = '') => ({
  url: `/api/v1/tasks/${w.tasks[id]}${suffix}`,
  foreignUrl: `/api/v1/tasks/${w.tasks.foreign}${suffix}`,
});

export const TASK_FIXTURES: Record<string, (w: TaskObjects) => { url: string; foreignUrl?: string }> = {
  'GET /api/v1/tasks/:id': (w) => taskUrl(w, 'own'),
  // An empty patch changes nothing, so the own call succeeds and the foreign one must hide.
  'PATCH /api/v1/tasks/:id': (w) => taskUrl(w, 'own'),
  'DELETE /api/v1/tasks/:id': (w) => taskUrl(w, 'ownDoomed'),
  // The empty body is invalid, so the own call fails validation: tasks.test.ts checks the foreign task.
  'POST /api/v1/tasks/:id/comments': (w) => ({ url: `/api/v1/tasks/${w.tasks.own}/comments` }),
};
