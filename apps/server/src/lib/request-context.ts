import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is calling, for the length of one request: set by plugins/request-context.ts once the
 * session is resolved. It lets a service record an audit entry with one call (modules/audit)
 * without threading the caller's address and identity through every signature. Outside a
 * request (jobs, webhooks from providers, the recorder) there is none.
 */
export interface RequestContext {
  ip: string | null;
  /** The signed-in person (or the API key's owner); null on a public route. */
  userId: string | null;
  /** The session's workspace; null on a public route. */
  workspaceId: string | null;
  apiKeyId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  /** The current request's context, if this code runs for one. */
  get(): RequestContext | undefined {
    return storage.getStore();
  },
  /** Runs `fn` (and everything it starts) inside `ctx`. */
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
};
