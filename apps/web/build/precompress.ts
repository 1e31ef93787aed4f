import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text the browser fetches; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this the header and the second file cost more than they save. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite/ holds the build's manifest, which the server never sends.
    if (entry.name.startsWith('.')) continue;
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(at);
    else if (TEXT.test(entry.name)) yield at;
  }
}

/**
 * Writes a Brotli (best) and a gzip (best) copy beside each text file of the build, which the
 * server sends to a browser that accepts them (`@fastify/static` preCompressed): compressed once
 * here at the slowest, smallest settings, never per request (decision 0025).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vigil-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        work.push(
          (async () => {
            const body = await readFile(file);
            if (body.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(body, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
              }),
              gz(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          })(),
        );
      }
      await Promise.all(work);
    },
  };
}
