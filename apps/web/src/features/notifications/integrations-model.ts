/** 32 random bytes as 64 hex characters: well inside the server's 16–200 and easy to paste anywhere. */
export function generateSecret(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const SECRET_MIN = 16;
export const SECRET_MAX = 200;

/** The client-side check of a typed secret: the i18n key of its problem, or null. */
export function secretProblem(secret: string): string | null {
  if (secret.length < SECRET_MIN) return 'notifications.webhooks.error.secretShort';
  if (secret.length > SECRET_MAX) return 'notifications.webhooks.error.secretLong';
  return null;
}

/** The broker topic Vigil publishes a camera's events on (as the MQTT channel names it). */
export const mqttTopic = (workspaceId: string) => `vigil/${workspaceId}/<camera>/events`;
