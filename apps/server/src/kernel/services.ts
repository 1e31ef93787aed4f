import type { Providers, ServiceMap, ServiceName, Services, VigilModule } from './module.ts';

interface Provider {
  module: string;
  make(): ServiceMap[ServiceName];
}

/** What a module provides itself in a role: its own parts use these without naming them in `needs`. */
export function ownServices(m: VigilModule, role: 'serve' | 'work'): ServiceName[] {
  const own = { ...m.provides, ...(role === 'serve' ? m.serve?.provides : {}) };
  return Object.keys(own) as ServiceName[];
}

/** A part of a module that runs in this process: what it may ask for. */
export interface Consumer {
  module: string;
  needs: readonly ServiceName[];
}

/**
 * The services of one process, by name. Each is made on first request and kept, so a service
 * several modules use (mail, cameras) exists once per process. A module part gets only what it
 * named in `needs`; a need no module of the process provides is a start-up error naming both.
 */
export class ServiceRegistry {
  readonly #providers = new Map<ServiceName, Provider>();
  readonly #made = new Map<ServiceName, ServiceMap[ServiceName]>();
  readonly #making: ServiceName[] = [];

  /** Adds the providers a module offers in this process (its shared ones, and the role's own). */
  add<C>(module: VigilModule, providers: Providers<C> | undefined, ctx: C, needs: readonly ServiceName[]): void {
    for (const name of Object.keys(providers ?? {}) as ServiceName[]) {
      const factory = providers?.[name];
      if (!factory) continue;
      const other = this.#providers.get(name);
      if (other) throw new Error(`Service "${name}" is provided by both "${other.module}" and "${module.name}"`);
      this.#providers.set(name, {
        module: module.name,
        make: () => factory({ ...ctx, ...this.scoped({ module: module.name, needs }) }),
      });
    }
  }

  /** Fails start-up, before anything is built, when a need has no provider in this process. */
  check(consumers: readonly Consumer[]): void {
    for (const c of consumers)
      for (const need of c.needs)
        if (!this.#providers.has(need))
          throw new Error(`Module "${c.module}" needs the "${need}" service, which no module of this process provides`);
  }

  /** The `get` a module part sees: its own needs only. */
  scoped(consumer: Consumer): Services {
    const get = <K extends ServiceName>(name: K): ServiceMap[K] => {
      if (!consumer.needs.includes(name))
        throw new Error(`Module "${consumer.module}" asked for the "${name}" service without naming it in its needs`);
      return this.#resolve(name);
    };
    return { get };
  }

  #resolve<K extends ServiceName>(name: K): ServiceMap[K] {
    if (!this.#made.has(name)) {
      const provider = this.#providers.get(name);
      if (!provider) throw new Error(`No module of this process provides the "${name}" service`);
      if (this.#making.includes(name))
        throw new Error(`Services need each other in a circle: ${[...this.#making, name].join(' → ')}`);
      this.#making.push(name);
      try {
        this.#made.set(name, provider.make());
      } finally {
        this.#making.pop();
      }
    }
    return this.#made.get(name) as ServiceMap[K];
  }
}
