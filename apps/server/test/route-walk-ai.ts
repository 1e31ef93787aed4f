import type { TestApp } from './harness.ts';
import { grantPlan } from './helpers.ts';

/**
 * The authorization walk's fixtures for the AI routes. They take no path parameter: the
 * walk reaches them as registered. The `user` actor's workspace gets a plan with AI access so
 * each role's answer is the route's rule, not the plan gate (ai-settings.test.ts covers the gate itself).
 * POST /ai/analyze (operators and up: viewers and viewer keys are refused) with no body stops at
 * validation for the allowed roles; the camera scope of its body is covered by ai-analysis.test.ts (unknown
 * camera → not-found).
 */
export async function seedAiObjects(t: TestApp, workspaceIds: string[]): Promise<void> {
  for (const id of workspaceIds) await grantPlan(t.databaseUrl, id, 'vms');
}

export const AI_FIXTURES: Record<
  string,
  (w: { cameras: { own: string; foreign: string } }) => { url: string; foreignUrl?: string }
> = {
  'GET /api/v1/ai/settings': () => ({ url: '/api/v1/ai/settings' }),
  // The events' label filter keeps the camera filter's scoping.
  'GET /api/v1/events': (w) => ({
    url: `/api/v1/events?kind=ai.detection&label=person&cameraId=${w.cameras.own}`,
    foreignUrl: `/api/v1/events?kind=ai.detection&label=person&cameraId=${w.cameras.foreign}`,
  }),
};
