import type { ErrorCode } from '@vigil/shared';
import type { Access } from './access.ts';
import type { SessionUser } from '../lib/session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Maps a body field that fails validation to a specific catalogue code (e.g. email → auth/invalid-email). */
    fieldCodes?: Record<string, ErrorCode>;
    /** Errors on this route speak the callable protocol. */
    callable?: boolean;
    /**
     * Reachable by a member whose workspace requires two-factor authentication before they turn
     * it on (modules/security/two-factor-policy.ts): what they need to enrol, or to leave.
     */
    twoFactorExempt?: boolean;
  }
  interface FastifyInstance {
    registeredRoutes: readonly { method: string; url: string; access: Access | undefined }[];
    callables: readonly { name: string; access: Access }[];
  }
  interface FastifyRequest {
    session: SessionUser | null;
  }
}
