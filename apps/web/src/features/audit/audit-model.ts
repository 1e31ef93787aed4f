import type { AuditEntry, AuditVerifyResult } from '@vigil/shared';

/** What the panel filters by; times are instants (ms) already read in the person's time zone. */
export interface AuditFilterState {
  installation: boolean;
  person: string;
  /** An action or a dotted prefix of one; '' = every action. */
  action: string;
  from: number | null;
  to: number | null;
}

export const EMPTY_FILTERS: AuditFilterState = { installation: false, person: '', action: '', from: null, to: null };

/** The filter choices: each a prefix of the dotted actions (the server matches both). */
export const ACTION_GROUPS = [
  'sign-in',
  'member',
  'camera',
  'recording',
  'export',
  'live',
  'settings',
  'notification-rule',
  'webhook',
  'plan',
  'user',
  'api-key',
  'two-factor',
  'audit',
] as const;

/** The query string of the list, the CSV and (scope only) Verify. */
export function filterParams(f: AuditFilterState): URLSearchParams {
  const p = new URLSearchParams();
  if (f.installation) p.set('scope', 'installation');
  const person = f.person.trim();
  if (person) p.set('person', person);
  if (f.action) p.set('action', f.action);
  if (f.from !== null) p.set('from', new Date(f.from).toISOString());
  if (f.to !== null) p.set('to', new Date(f.to).toISOString());
  return p;
}

/** Who did it: the person's name (and email), an API key, or the system. */
export function actorOf(e: AuditEntry): { kind: 'person' | 'api-key' | 'system' | 'gone'; name: string; sub?: string } {
  if (e.actorKind === 'api-key') return { kind: 'api-key', name: e.apiKeyId?.slice(0, 8) ?? '' };
  if (e.actorKind === 'system') return { kind: 'system', name: '' };
  if (!e.actorEmail) return { kind: 'gone', name: e.actorId?.slice(0, 8) ?? '' };
  return { kind: 'person', name: e.actorName || e.actorEmail, sub: e.actorName ? e.actorEmail : undefined };
}

/** The target in words: its type and, when the entry kept one, its name; else a short id. */
export function targetOf(e: AuditEntry): { type: string | null; label: string } {
  const d = e.details as Record<string, unknown>;
  const named = typeof d.name === 'string' ? d.name : typeof d.email === 'string' ? d.email : null;
  const label = named ?? (e.targetId ? (e.targetId.length > 12 ? e.targetId.slice(0, 8) : e.targetId) : '');
  return { type: e.targetType, label };
}

/** The verify result as a message key and its values. */
export function verifyMessage(r: AuditVerifyResult): { key: string; values: Record<string, string | number> } {
  if (r.ok) return { key: r.entries === 0 ? 'audit.verify.empty' : 'audit.verify.ok', values: { count: r.entries } };
  const b = r.brokenAt!;
  return { key: `audit.verify.broken.${b.reason}`, values: { seq: b.seq, count: r.entries } };
}

/**
 * A short line of what changed, from the details the server kept: a rename, a time zone, a plan
 * or role from → to, a broker or webhook address, or how many recordings retention removed.
 */
export function summaryOf(
  e: AuditEntry,
): { text: string } | { key: string; values: Record<string, string | number> } | null {
  const d = e.details as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  if (str(d.previousName) && str(d.name)) return { text: `${d.previousName} → ${d.name}` };
  if (str(d.timeZone)) return { text: d.timeZone as string };
  if (str(d.from) && str(d.to)) return { text: `${d.from} → ${d.to}` };
  const plan = (v: unknown) => {
    const p = v as { plan?: unknown; status?: unknown } | null;
    return p && typeof p === 'object' && str(p.plan) ? `${p.plan} (${str(p.status) ?? ''})` : null;
  };
  if (plan(d.from) && plan(d.to)) return { text: `${plan(d.from)} → ${plan(d.to)}` };
  if (str(d.mqttHost)) return { text: d.mqttHost as string };
  if (str(d.origin)) return { text: d.origin as string };
  if (typeof d.recordings === 'number' && str(d.reason))
    return { key: 'audit.summary.recordings', values: { count: d.recordings, reason: d.reason as string } };
  return null;
}
