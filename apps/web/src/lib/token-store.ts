/** Spec §3: the session token is stored locally; storage may be unavailable (private mode, node). */
const TOKEN_KEY = 'vigil.token';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}

export function readStored(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeStored(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: preferences still apply for this page view.
  }
}
