/**
 * Every operation's `operationId`, derived from its method and path by one rule, so a route added
 * anywhere is named without anyone remembering to, and a generated client's function names only
 * change when a path or method does. A route that reads badly under the rule sets its own
 * `schema.operationId` (which wins), or is listed in OVERRIDES below.
 *
 * The rule: the path's words after `/api/v1` (or `/api`) in camelCase, a collection singular when
 * an id follows it (`/cameras/{id}/timeline` → `CameraTimeline`); then a verb by method —
 * GET `list` a collection or `get` one thing, POST `create` (or the action the last word names:
 * `/cameras/{id}/snooze` → `snoozeCamera`), PATCH `update`, PUT `set`, DELETE `delete`.
 */

/** Operations whose rule-made name would mislead, by `METHOD /path` as the document writes it. */
const OVERRIDES: Record<string, string> = {
  'POST /api/fn/{name}': 'callFunction',
  'POST /api/v1/cameras/{id}/arming': 'setCameraArming',
  'POST /api/v1/auth/sign-up': 'signUp',
  'POST /api/v1/auth/sign-in': 'signIn',
  'POST /api/v1/auth/sign-in/2fa': 'signInWithSecondFactor',
  'POST /api/v1/auth/sign-out': 'signOut',
  'POST /api/v1/auth/password-reset': 'requestPasswordReset',
  'POST /api/v1/auth/password-reset/confirm': 'confirmPasswordReset',
  'POST /api/v1/auth/password': 'changePassword',
  'POST /api/v1/team/ownership': 'transferOwnership',
  'POST /api/v1/team/switch': 'switchWorkspace',
  'POST /api/v1/admin/invoices/{id}/paid': 'markAdminInvoicePaid',
  'POST /api/v1/billing/checkout/sync': 'syncBillingCheckout',
  'POST /api/v1/billing/webhooks/stripe': 'receiveStripeWebhook',
  'POST /api/v1/sms/webhooks/twilio/status': 'receiveTwilioStatus',
  'POST /api/v1/sms/webhooks/twilio/inbound': 'receiveTwilioMessage',
  'POST /api/v1/security/sessions/sign-out-others': 'signOutOtherSessions',
  'POST /api/v1/security/2fa/recovery-codes': 'regenerateRecoveryCodes',
  'POST /api/v1/notifications/settings/mqtt-test': 'testMqttSettings',
  'POST /api/v1/team/invitations/accept': 'acceptTeamInvitation',
  'POST /api/v1/sites/{id}/cameras': 'moveSiteCameras',
  'POST /api/v1/sites/{id}/discover': 'discoverSiteCameras',
  'GET /api/v1/admin/jobs/failed': 'listFailedJobs',
  'POST /api/v1/admin/jobs/failed/{id}/retry': 'retryFailedJob',
  'DELETE /api/v1/admin/jobs/failed/{id}': 'deleteFailedJob',
  'GET /api/v1/audit': 'listAuditEntries',
  'GET /api/v1/cameras/{id}/live/{file}': 'getCameraLiveFile',
};

/** A POST whose last word is one of these does that to what the words before it name. */
const ACTIONS = new Set([
  'accept',
  'acknowledge',
  'analyze',
  'cancel',
  'disable',
  'discover',
  'enable',
  'import',
  'preview',
  'probe',
  'read',
  'resend',
  'resume',
  'retry',
  'setup',
  'snooze',
  'test',
  'unsubscribe',
  'verify',
]);

/** Words that end in "s" but name one thing (a GET of them is `get`, not `list`). */
const NOT_PLURAL = new Set(['access', 'analytics', 'settings', 'status', 'sms']);

const capital = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);

/** `live-ticket` → `LiveTicket`, `events.csv` → `EventsCsv`, `2fa` → `2fa`. */
const pascal = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .map(capital)
    .join('');

/** By the segment's last word: `payment-settings` is one thing, `opt-outs` several. */
const isPlural = (segment: string) => {
  const word = segment.split('-').at(-1) ?? '';
  return /s$/.test(word) && !/ss$/.test(word) && !NOT_PLURAL.has(word);
};

function singular(segment: string): string {
  if (!isPlural(segment)) return segment;
  if (/ies$/.test(segment)) return segment.replace(/ies$/, 'y');
  if (/(ch|sh|x)es$/.test(segment)) return segment.replace(/es$/, '');
  return segment.replace(/s$/, '');
}

const isParam = (segment: string) => /^\{.+\}$/.test(segment) || segment.startsWith(':');

/** `/api/v1/cameras/:id` and `/api/v1/cameras/{id}` alike, as the OpenAPI document writes it. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function operationIdFor(method: string, url: string): string {
  const verb = method.toUpperCase();
  const path = openApiPath(url);
  const override = OVERRIDES[`${verb} ${path}`];
  if (override) return override;
  const segments = path
    .replace(/^\/api(\/v1)?\//, '')
    .split('/')
    .filter(Boolean);
  const last = segments.at(-1) ?? '';
  const endsWithParam = isParam(last);
  const nouns = segments.flatMap((segment, i) => {
    if (isParam(segment)) return [];
    return [isParam(segments[i + 1] ?? '') ? singular(segment) : segment];
  });
  const noun = (words: string[]) => words.map(pascal).join('');
  const isFile = /\./.test(last);
  switch (verb) {
    case 'GET':
      return `${!endsWithParam && !isFile && isPlural(last) ? 'list' : 'get'}${noun(nouns)}`;
    case 'POST':
      if (!endsWithParam && ACTIONS.has(last)) return `${last}${noun(nouns.slice(0, -1))}`;
      return `create${noun(endsWithParam ? nouns : nouns.map((w, i) => (i === nouns.length - 1 ? singular(w) : w)))}`;
    case 'PATCH':
      return `update${noun(nouns)}`;
    case 'PUT':
      return `set${noun(nouns)}`;
    case 'DELETE':
      return `delete${noun(nouns)}`;
    default:
      return `${verb.toLowerCase()}${noun(nouns)}`;
  }
}
