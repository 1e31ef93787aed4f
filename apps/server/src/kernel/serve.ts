import type { FastifyInstance } from 'fastify';
import type { Role } from '../config.ts';
import type { Callable } from '../lib/callable.ts';
import type { ProbeInfra, ServeInfra, VigilModule } from './module.ts';
import { ServiceRegistry, ownServices } from './services.ts';

/** What the serve role's modules share, before the modules add their callables. */
export type ServeBase = Omit<ServeInfra, 'callables' | 'topics' | 'auditActions'>;

/**
 * Runs the serve parts of a list of modules on one app: every provider is known first (and every
 * need checked), then each module's callables are collected (the functions dispatcher needs them
 * all), then each module registers its routes in list order.
 */
export async function serveModules(app: FastifyInstance, modules: readonly VigilModule[], base: ServeBase) {
  const topics = new Set(modules.flatMap((m) => m.serve?.topics ?? []));
  const auditActions = new Set(modules.flatMap((m) => m.auditActions ?? []));
  const collecting: ServeInfra = { ...base, topics, auditActions, callables: [] };
  const registry = new ServiceRegistry();
  const needsOf = (m: VigilModule) => [...ownServices(m, 'serve'), ...(m.needs ?? []), ...(m.serve?.needs ?? [])];
  for (const m of modules) {
    registry.add(m, m.provides, base, m.needs ?? []);
    registry.add(m, m.serve?.provides, collecting, needsOf(m));
  }
  registry.check(modules.map((m) => ({ module: m.name, needs: m.serve ? needsOf(m) : (m.needs ?? []) })));
  const scoped = (m: VigilModule, ctx: ServeInfra) => ({
    ...ctx,
    ...registry.scoped({ module: m.name, needs: needsOf(m) }),
  });

  const callables: Callable[] = [];
  for (const m of modules) if (m.serve?.callables) callables.push(...m.serve.callables(scoped(m, collecting)));
  app.decorate(
    'callables',
    callables.map(({ name, access }) => ({ name, access })),
  );
  const ctx: ServeInfra = { ...collecting, callables };
  for (const m of modules) await m.serve?.register?.(app, scoped(m, ctx));
}

/** The routes every process answers, or those a process of the given roles offers the others. */
export function probeModules(
  app: FastifyInstance,
  modules: readonly VigilModule[],
  roles: ReadonlySet<Role>,
  ctx: ProbeInfra,
): void {
  for (const m of modules) {
    const probe = m.probe;
    if (probe && (!probe.roles || probe.roles.some((r) => roles.has(r)))) probe.register(app, ctx);
  }
}
