import type { Config } from '../src/config.ts';
import { createSecretBox } from '../src/lib/secrets.ts';
import { createNotifier } from '../src/modules/notifications/notifier.ts';

type Deps = Parameters<typeof createNotifier>[0];

/** The notifier as the tests run it: the test app's secret and public URL, loopback destinations allowed. */
export function testNotifier(config: Config, deps: Omit<Deps, 'secrets' | 'policy' | 'publicUrl' | 'authSecret'>) {
  return createNotifier({
    secrets: createSecretBox(config.authSecret),
    policy: { allowLoopback: true },
    publicUrl: config.publicUrl,
    authSecret: config.authSecret,
    ...deps,
  });
}
