import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';

/** What a shared resource gives the tests (through inject) and how it is stopped. */
export interface RunResource {
  provide: Partial<ProvidedContext>;
  stop(): Promise<void>;
}

interface Entry {
  started: Promise<RunResource>;
  users: number;
}

// Vitest calls every project's globalSetup in its one main process, each through the project's own
// module runner, so a module-level variable here would not be seen by the next project: globalThis is.
const REGISTRY = Symbol.for('vigil.test.oncePerRun');

/**
 * A resource several projects' globalSetup files need, started once per run: the PostgreSQL that the
 * integration and isolated projects share, the server that both e2e groups test. The first project
 * to ask starts it, every one gets its values provided, and the last teardown stops it.
 */
export async function oncePerRun(
  project: TestProject,
  name: string,
  start: () => Promise<RunResource>,
): Promise<() => Promise<void>> {
  const scope = globalThis as { [REGISTRY]?: Map<string, Entry> };
  scope[REGISTRY] ??= new Map<string, Entry>();
  const registry = scope[REGISTRY];
  let entry = registry.get(name);
  if (!entry) {
    entry = { started: start(), users: 0 };
    registry.set(name, entry);
  }
  entry.users += 1;
  const held = entry;
  const resource = await held.started;
  for (const [key, value] of Object.entries(resource.provide)) {
    project.provide(key as keyof ProvidedContext, value as ProvidedContext[keyof ProvidedContext]);
  }
  return async () => {
    held.users -= 1;
    if (held.users > 0) return;
    registry.delete(name);
    await resource.stop();
  };
}
