// Prints a .env for compose.yaml: random secrets and one web push key pair for the installation.
//   node scripts/compose-env.mjs > .env
// Nothing secret is committed with compose.yaml, so every installation has keys of its own.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const webPush = require('web-push');
const { publicKey, privateKey } = webPush.generateVAPIDKeys();
const random = (bytes) => randomBytes(bytes).toString('hex');

process.stdout.write(
  [
    `AUTH_SECRET=${random(32)}`,
    `POSTGRES_PASSWORD=${random(18)}`,
    `S3_PASSWORD=${random(18)}`,
    `METRICS_TOKEN=${random(24)}`,
    `VAPID_PUBLIC_KEY=${publicKey}`,
    `VAPID_PRIVATE_KEY=${privateKey}`,
    '',
  ].join('\n'),
);
