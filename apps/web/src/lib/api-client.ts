import { CALLABLE_TIMEOUT_MS, type Result } from '@vigil/shared';
import { clientError, errorFromBody } from './errors.ts';
import { getToken } from './token-store.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Abort after this many ms with `deadline-exceeded`. */
  timeoutMs?: number;
}

type Listener = () => void;
const unreachableListeners = new Set<Listener>();

/** Lets the connection monitor hear about network failures from any call. */
export function onUnreachable(listener: Listener): () => void {
  unreachableListeners.add(listener);
  return () => unreachableListeners.delete(listener);
}

async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  timeoutMs: number | undefined,
): Promise<Result<unknown> & { status?: number }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof Blob) {
    payload = body;
    headers['Content-Type'] = body.type || 'application/octet-stream';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  try {
    const res = await fetch(path, {
      method,
      headers,
      body: payload,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const json = await readJson(res);
    if (!res.ok) return { success: false, error: errorFromBody(json, res.status), status: res.status };
    return { success: true, data: json };
  } catch {
    if (timedOut) return { success: false, error: clientError('deadline-exceeded') };
    for (const listener of unreachableListeners) listener();
    return { success: false, error: clientError('unavailable') };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** A REST call (spec §7): never throws, always a Result with a catalogue message. */
export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}) {
  const res = await send(method, path, body, options.timeoutMs);
  if (!res.success) return { success: false, error: res.error } as Result<T>;
  return { success: true, data: res.data as T } as Result<T>;
}

/** Reads a callable's payload: spec §7 says from `data` or `result`. */
export function readCallablePayload(json: unknown): unknown {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  return 'result' in record ? record.result : record.data;
}

/** A callable function (spec §7): POST {data}, bearer header, 70 s timeout. */
export async function callFunction<T>(name: string, data: unknown, options: RequestOptions = {}): Promise<Result<T>> {
  const res = await send(
    'POST',
    `/api/fn/${encodeURIComponent(name)}`,
    { data },
    options.timeoutMs ?? CALLABLE_TIMEOUT_MS,
  );
  if (!res.success) return { success: false, error: res.error };
  return { success: true, data: readCallablePayload(res.data) as T };
}

/** Unwraps a Result for TanStack Query, which wants a thrown error on failure. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.success) return result.data;
  throw new ApiError(result.error.code, result.error.message, result.error.fields, result.error.detail);
}
