/**
 * Removes credentials from text that may echo a URL (ffmpeg's stderr, a probe's error): the
 * userinfo of any URL becomes "***", and so does any secret the caller knows, raw or
 * percent-encoded. What is shown as a camera's lastError, logged, or answered passes through here.
 */
export function redactCredentials(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@');
  for (const secret of secrets) {
    if (!secret || secret.length < 3) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  return out;
}
