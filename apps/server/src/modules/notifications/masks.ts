/** How destinations appear in the delivery log: enough to recognise, not enough to reuse. */

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••@${email.slice(at + 1)}`;
}

/** A push endpoint: the push service's host and the end of the subscription id. */
export function maskEndpoint(endpoint: string): string {
  try {
    const u = new URL(endpoint);
    return `${u.host}/…${u.pathname.slice(-6)}`;
  } catch {
    return '•••';
  }
}

/** A URL without credentials, query or fragment (a webhook's token may ride in its query). */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '•••';
  }
}
