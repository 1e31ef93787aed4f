import type { Tasks } from '../lib/job-catalogue.ts';
import type { Jobs, PeriodicJob, VigilModule, WorkInfra } from './module.ts';
import { ServiceRegistry, ownServices } from './services.ts';

export interface ModuleJobs {
  tasks: Tasks;
  crontab: string;
  /** Tasks queued once at start (periodic ones that should not wait for their first tick). */
  kickoff: PeriodicJob[];
  onStopping(): void;
  stop(): Promise<void>;
}

/**
 * Starts the work parts of a list of modules: their tasks, crontab lines and stop hooks, merged for
 * one job worker. A task two modules claim fails start-up.
 */
export async function workModules(
  modules: readonly VigilModule[],
  infraOf: (m: VigilModule) => WorkInfra,
): Promise<ModuleJobs> {
  const registry = new ServiceRegistry();
  const needsOf = (m: VigilModule) => [...ownServices(m, 'work'), ...(m.needs ?? []), ...(m.work?.needs ?? [])];
  for (const m of modules) registry.add(m, m.provides, infraOf(m), m.needs ?? []);
  registry.check(modules.map((m) => ({ module: m.name, needs: m.work ? needsOf(m) : (m.needs ?? []) })));

  const started: Jobs[] = [];
  const tasks: Partial<Record<keyof Tasks, unknown>> = {};
  const owner = new Map<string, string>();
  for (const m of modules) {
    if (!m.work) continue;
    const jobs = await m.work.start({ ...infraOf(m), ...registry.scoped({ module: m.name, needs: needsOf(m) }) });
    started.push(jobs);
    for (const [name, run] of Object.entries(jobs.tasks)) {
      const other = owner.get(name);
      if (other) throw new Error(`Task "${name}" is run by both "${other}" and "${m.name}"`);
      owner.set(name, m.name);
      tasks[name as keyof Tasks] = run;
    }
  }
  return {
    tasks: tasks as Tasks,
    crontab: modules.flatMap((m) => m.work?.crontab ?? []).join('\n'),
    kickoff: modules.flatMap((m) => m.work?.kickoff ?? []),
    onStopping: () => {
      for (const j of started) j.onStopping?.();
    },
    stop: async () => {
      for (const j of started) await j.stop?.();
    },
  };
}
