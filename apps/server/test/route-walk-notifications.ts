import { type TestApp, bearer } from './harness.ts';
import { withPg } from './helpers.ts';

/**
 * The authorization walk's objects and fixtures for the routes (notifications, device
 * tokens, SMS): one to change, one for DELETE to spend and one foreign of each, and how to call
 * every route with a path parameter.
 */
export interface NotificationObjects {
  cameras: { own: string };
  events: { own: string; foreign: string };
  rules: { own: string; ownDoomed: string; foreign: string };
  webhooks: { own: string; ownDoomed: string; foreign: string };
  /** Failed deliveries (rows inserted directly: only the queue makes them), one own, one foreign. */
  deliveries: { own: string; foreign: string };
}

const SMS_OPT_OUTS = { own: '+33612345670', foreign: '+33612345671' };

export const NOTIFICATION_FIXTURES: Record<string, (w: NotificationObjects) => { url: string; foreignUrl?: string }> = {
  // The empty body is invalid (minutes is required): notifications.test.ts checks the foreign camera.
  'POST /api/v1/cameras/:id/snooze': (w) => ({ url: `/api/v1/cameras/${w.cameras.own}/snooze` }),
  'GET /api/v1/notification-rules/:id': (w) => ({
    url: `/api/v1/notification-rules/${w.rules.own}`,
    foreignUrl: `/api/v1/notification-rules/${w.rules.foreign}`,
  }),
  'PATCH /api/v1/notification-rules/:id': (w) => ({
    url: `/api/v1/notification-rules/${w.rules.own}`,
    foreignUrl: `/api/v1/notification-rules/${w.rules.foreign}`,
  }),
  'DELETE /api/v1/notification-rules/:id': (w) => ({
    url: `/api/v1/notification-rules/${w.rules.ownDoomed}`,
    foreignUrl: `/api/v1/notification-rules/${w.rules.foreign}`,
  }),
  'PATCH /api/v1/webhooks/:id': (w) => ({
    url: `/api/v1/webhooks/${w.webhooks.own}`,
    foreignUrl: `/api/v1/webhooks/${w.webhooks.foreign}`,
  }),
  'DELETE /api/v1/webhooks/:id': (w) => ({
    url: `/api/v1/webhooks/${w.webhooks.ownDoomed}`,
    foreignUrl: `/api/v1/webhooks/${w.webhooks.foreign}`,
  }),
  // Nothing listens on the discard port: the answer is { ok: false } with the connection error.
  'POST /api/v1/webhooks/:id/test': (w) => ({
    url: `/api/v1/webhooks/${w.webhooks.own}/test`,
    foreignUrl: `/api/v1/webhooks/${w.webhooks.foreign}/test`,
  }),
  'POST /api/v1/deliveries/:id/retry': (w) => ({
    url: `/api/v1/deliveries/${w.deliveries.own}/retry`,
    foreignUrl: `/api/v1/deliveries/${w.deliveries.foreign}/retry`,
  }),
  // Public by signature: a wrong one is a 404, as for an unknown event.
  'GET /api/v1/notifications/events/:id/image': (w) => ({
    url: `/api/v1/notifications/events/${w.events.own}/image?exp=1&sig=x`,
  }),
  // Another person's token answers 404 like a missing one (device-tokens.test.ts proves it with a real one).
  'DELETE /api/v1/device-tokens/:token': () => ({
    url: `/api/v1/device-tokens/${encodeURIComponent('https://localhost:8443/send/walk')}`,
  }),
  // Opt-outs are keyed by phone number: one in the `user` actor's workspace, another only in the foreign one.
  'DELETE /api/v1/sms/opt-outs/:phone': () => ({
    url: `/api/v1/sms/opt-outs/${encodeURIComponent(SMS_OPT_OUTS.own)}`,
    foreignUrl: `/api/v1/sms/opt-outs/${encodeURIComponent(SMS_OPT_OUTS.foreign)}`,
  }),
};

export async function seedNotificationObjects(
  t: TestApp,
  userToken: string,
  other: { token: string; workspace: { id: string } },
  events: { own: string; foreign: string },
): Promise<Pick<NotificationObjects, 'rules' | 'webhooks' | 'deliveries'>> {
  const post = async (token: string, url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(token), payload })).json().id as string;
  const rule = (token: string) =>
    post(token, '/api/v1/notification-rules', { name: 'Rule', recipientRoles: ['owner'], channels: ['email'] });
  const hook = (token: string) =>
    post(token, '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-16-chars+' });
  const deliveries = await withPg(t.databaseUrl, async (c) => {
    const add = async (eventId: string) => {
      const sql = `insert into deliveries (workspace_id, event_id, channel, target, destination, dedupe_key, status)
        select workspace_id, id, 'webhook', 'x', 'x', gen_random_uuid()::text, 'failed' from events where id = $1 returning id`;
      return (await c.query<{ id: string }>(sql, [eventId])).rows[0]!.id;
    };
    return { own: await add(events.own), foreign: await add(events.foreign) };
  });
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(userToken) });
  await withPg(t.databaseUrl, (c) =>
    c.query('insert into sms_opt_outs (workspace_id, phone) values ($1, $2), ($3, $4)', [
      me.json().workspace.id,
      SMS_OPT_OUTS.own,
      other.workspace.id,
      SMS_OPT_OUTS.foreign,
    ]),
  );
  return {
    rules: { own: await rule(userToken), ownDoomed: await rule(userToken), foreign: await rule(other.token) },
    webhooks: { own: await hook(userToken), ownDoomed: await hook(userToken), foreign: await hook(other.token) },
    deliveries,
  };
}
