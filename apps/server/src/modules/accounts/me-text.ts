import type { Me, PlanStatus } from '@vigil/shared';
import { type UserRow, type WorkspaceRow, planStatusOf } from './user-doc.ts';

/** What GET /api/v1/me's answer is written from: a session's person, its workspace and its two-factor. */
type Seen = { user: UserRow; workspace: WorkspaceRow; twoFactorEnabled?: boolean };
type Kept = { user: UserRow; twoFactorEnabled: boolean | undefined; planStatus: PlanStatus; text: string };

/**
 * GET /api/v1/me is the app's most frequent read, and building its document and writing it as
 * JSON was the largest part of its own work (about a fifth of the request's CPU, beside the socket
 * write): the same text each time, from a row the session cache keeps until something changes it.
 * So the text is kept beside the session's kept workspace row (a WeakMap: it goes with the row)
 * with everything it was written from, and answered again only while every one of those is the
 * same value: the person's fields (the session cache hands each request a shallow copy of the
 * same kept row), their two-factor, and the plan status in force now (the one part that moves
 * with the clock: a trial ends, a grace period runs out). A person with a photo is never kept:
 * their document carries a short-lived signed URL, written for each answer.
 */
const kept = new WeakMap<WorkspaceRow, Kept>();

function sameFields(a: UserRow, b: UserRow): boolean {
  let fields = 0;
  for (const key in a) {
    if (a[key as keyof UserRow] !== b[key as keyof UserRow]) return false;
    fields += 1;
  }
  for (const _ in b) fields -= 1;
  return fields === 0;
}

/** The text answered last for this session's document, when nothing it was written from has changed. */
export function keptMeText(session: Seen): string | undefined {
  const k = kept.get(session.workspace);
  if (!k || k.twoFactorEnabled !== session.twoFactorEnabled || !sameFields(k.user, session.user)) return undefined;
  return planStatusOf(session.user) === k.planStatus ? k.text : undefined;
}

/** Keeps `text`, the JSON of `me` (this session's document), for the next answer; returns it. */
export function keepMeText(session: Seen, me: Me, text: string): string {
  if (session.user.photoPath === null && me.user.photoURL === null) {
    // A copy: the request's own session may be adjusted after this answer.
    kept.set(session.workspace, {
      user: { ...session.user },
      twoFactorEnabled: session.twoFactorEnabled,
      planStatus: me.user.planStatus,
      text,
    });
  }
  return text;
}
