import { ApiError } from './api-client.ts';
import { errorFromBody } from './errors.ts';
import { getToken } from './token-store.ts';

/**
 * GETs a file (a CSV, a picture) with the session's bearer token: a bare link or an <img src>
 * would carry only the cookie. Throws ApiError: `unavailable` when the server cannot be reached,
 * else the server's own error. An aborted fetch rethrows the abort, which is no failure.
 */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Response> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError('unavailable', 'unavailable');
  }
  if (!res.ok) {
    const error = errorFromBody(await res.json().catch(() => undefined), res.status);
    throw new ApiError(error.code, error.message, error.fields, error.detail);
  }
  return res;
}

/**
 * Saves a blob as a file the browser downloads, through a temporary object URL (kept a while
 * after the click: revoking it at once can cancel the download in some browsers).
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the server builds (fetchFile, then saveBlob) and resolves with its name: the
 * server's Content-Disposition name, else `fallbackName`.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await fetchFile(path);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
  return name;
}
