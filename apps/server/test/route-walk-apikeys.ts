import type { TestApp } from './harness.ts';
import { createKey } from './api-keys-world.ts';

/**
 * The authorization walk's API keys. Besides each signed-in role, the walk calls every
 * route with a key of each key role, made by the `user` actor (an owner) in their workspace: a key
 * must get exactly its role's answers there, and be refused where a person is needed.
 */
export const KEY_ROLES = ['viewer', 'operator', 'manager'] as const;
export type KeyActor = `key:${(typeof KEY_ROLES)[number]}`;
export const KEY_ACTORS: readonly KeyActor[] = KEY_ROLES.map((r) => `key:${r}` as const);
export const isKeyActor = (actor: string): actor is KeyActor => actor.startsWith('key:');
/** The role a key actor's key was made with. */
export const keyRoleOf = (actor: KeyActor): string => actor.slice('key:'.length);

export interface ApiKeyObjects {
  apiKeys: {
    /** The bearer of each key actor. */
    tokens: Record<KeyActor, string>;
    /** A key of the `user` actor's workspace for DELETE to spend, and one of another workspace. */
    ownDoomed: string;
    foreign: string;
  };
}

export async function seedApiKeyObjects(t: TestApp, ownToken: string, foreignToken: string): Promise<ApiKeyObjects> {
  const tokens = {} as Record<KeyActor, string>;
  for (const role of KEY_ROLES)
    tokens[`key:${role}`] = (await createKey(t.app, ownToken, { name: `Walk ${role}`, role })).key;
  return {
    apiKeys: {
      tokens,
      ownDoomed: (await createKey(t.app, ownToken, { name: 'Walk doomed', role: 'viewer' })).id,
      foreign: (await createKey(t.app, foreignToken, { name: 'Walk foreign', role: 'viewer' })).id,
    },
  };
}

export const API_KEY_FIXTURES: Record<string, (w: ApiKeyObjects) => { url: string; foreignUrl?: string }> = {
  'DELETE /api/v1/api-keys/:id': (w) => ({
    url: `/api/v1/api-keys/${w.apiKeys.ownDoomed}`,
    foreignUrl: `/api/v1/api-keys/${w.apiKeys.foreign}`,
  }),
};
