import { type AdminPlan, type Plan, type PlanStatus, type UserDoc, isReadOnlyStatus } from '@vigil/shared';
import { queryOptions } from '@tanstack/react-query';
import { request, unwrap } from './api-client.ts';

/**
 * The plans table as several features read it (the landing's pricing, /upgrade, the pricing
 * editor, Admin › Users): one cache, so an edit in the editor refreshes every view of it.
 */
export const plansKey = ['plans'] as const;

export const publicPlansQuery = queryOptions({
  queryKey: [...plansKey, 'public'],
  queryFn: async () => unwrap(await request<{ items: Plan[] }>('GET', '/api/v1/plans')).items,
  staleTime: 60_000,
});

export const adminPlansQuery = queryOptions({
  queryKey: [...plansKey, 'admin'],
  queryFn: async () => unwrap(await request<{ items: AdminPlan[] }>('GET', '/api/v1/admin/plans')).items,
});

/**
 * The status now. The server derives it when it answers, but a page stays open past a
 * trial's end: the state machine's first rule (trial → expired at trialEndDate) applies here too.
 */
export function currentPlanStatus(
  user: Pick<UserDoc, 'planStatus' | 'trialEndDate'>,
  now: Date = new Date(),
): PlanStatus {
  if (user.planStatus === 'trial' && Date.parse(user.trialEndDate) <= now.getTime()) return 'expired';
  return user.planStatus;
}

export const isReadOnly = (user: Pick<UserDoc, 'planStatus' | 'trialEndDate'>, now?: Date) =>
  isReadOnlyStatus(currentPlanStatus(user, now));

/** A plan's name for a key: the table's when known, the built-in translation, else the key itself. */
export function planName(
  key: string,
  t: (k: string, o: { defaultValue: string }) => string,
  plans?: readonly Pick<Plan, 'key' | 'name'>[],
): string {
  return plans?.find((p) => p.key === key)?.name ?? t(`plan.${key}`, { defaultValue: key });
}
