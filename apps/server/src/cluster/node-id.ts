import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * This process's id among the Vigil nodes, kept in its data folder: a restart on the same folder
 * is the same node and takes back the cameras its previous run held (see adoptLeases).
 */
export function nodeIdOf(dataDir: string): string {
  const file = path.join(dataDir, 'node-id');
  if (existsSync(file)) {
    const id = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f-]{36}$/.test(id)) return id;
  }
  mkdirSync(dataDir, { recursive: true });
  const id = randomUUID();
  writeFileSync(file, `${id}\n`);
  return id;
}
