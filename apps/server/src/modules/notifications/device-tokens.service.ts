import type { Db, DbOrTx } from '@vigil/db';
import type { DeviceToken, SaveDeviceTokenInput } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import { type DeviceTokenRow, deactivate, deviceTokensRepo } from './device-tokens.repo.ts';

export interface DeviceTokensDeps {
  db: Db;
  /** The push endpoint is an address this server will POST to: the outbound policy applies. */
  policy: OutboundPolicy;
}

export type DeviceTokensService = ReturnType<typeof createDeviceTokensService>;

const bad = (field: string, why: string) =>
  new AppError('invalid-argument', 'Invalid request parameters.', { [field]: why });

export function toDeviceToken(row: DeviceTokenRow): DeviceToken {
  return {
    token: row.token,
    userId: row.userId,
    platform: row.platform,
    active: row.active,
    lastUsed: row.lastUsed?.toISOString() ?? null,
    userAgent: row.userAgent,
  };
}

export function createDeviceTokensService({ db, policy }: DeviceTokensDeps) {
  return {
    /** Saves (or refreshes) the caller's subscription: active again, lastUsed now. */
    async save(uid: string, input: SaveDeviceTokenInput): Promise<DeviceToken> {
      const platform = input.platform ?? 'web';
      if (platform === 'web') {
        if (!input.keys) throw bad('keys', 'a web push subscription needs its keys (p256dh and auth)');
        await checkEndpoint(input.token, policy);
      }
      const row = await deviceTokensRepo.upsert(db, {
        token: input.token,
        userId: uid,
        platform,
        keys: input.keys ?? null,
        userAgent: input.userAgent ?? null,
      });
      return toDeviceToken(row);
    },

    async list(uid: string): Promise<DeviceToken[]> {
      return (await deviceTokensRepo.listOf(db, uid)).map(toDeviceToken);
    },

    /** Another person's token answers like a missing one: tokens are not to be probed. */
    async remove(uid: string, token: string): Promise<void> {
      if (!(await deviceTokensRepo.removeOwn(db, uid, token))) throw new AppError('not-found', 'Device not found.');
    },
  };
}

/** A web push endpoint: an https URL the outbound policy lets this server reach. */
export async function checkEndpoint(endpoint: string, policy: OutboundPolicy) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw bad('token', 'not a valid URL: a web push token is the subscription’s endpoint');
  }
  if (url.protocol !== 'https:') throw bad('token', 'a push endpoint must be an https:// URL');
  if (url.username || url.password) throw bad('token', 'a push endpoint must not hold credentials');
  return checkTarget(endpoint, policy, 'token');
}

/** What the push channel needs of the tokens (channels read repositories through services only). */
export const pushTokens = {
  /** A token with its owner's language and time zone, which the notification is written in. */
  forSend: (db: DbOrTx, token: string) => deviceTokensRepo.forSend(db, token),
  /** The push service answered 404/410: the subscription is gone. */
  deactivate: (db: DbOrTx, token: string) => deactivate(db, token),
};
