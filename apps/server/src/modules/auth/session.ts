import { createHash, randomBytes } from 'node:crypto';
import type { UserRow, WorkspaceRow } from '../accounts/user-doc.ts';

export const SESSION_COOKIE = 'vigil_session';

export interface SessionUser {
  user: UserRow;
  workspace: WorkspaceRow;
  tokenHash: string;
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Only a token's SHA-256 is stored: a leaked table holds no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
