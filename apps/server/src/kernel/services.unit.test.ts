import { describe, expect, it } from 'vitest';
import type { Infra, ServiceMap, VigilModule } from './module.ts';
import { ServiceRegistry } from './services.ts';

// Two services only these tests provide: the registry never looks at the real modules here.
declare module './module.ts' {
  interface ServiceMap {
    'test-clock': { now(): number };
    'test-greeter': { greet(): string };
  }
}

const clock = (made: string[]): VigilModule => ({
  name: 'clock',
  provides: {
    'test-clock': () => {
      made.push('clock');
      return { now: () => 42 };
    },
  },
});
const greeter: VigilModule = {
  name: 'greeter',
  needs: ['test-clock'],
  provides: { 'test-greeter': ({ get }) => ({ greet: () => `hello at ${get('test-clock').now()}` }) },
};

/** These providers use no infrastructure: an empty context stands for it. */
const NO_INFRA = {} as Infra;

function registryOf(modules: VigilModule[]) {
  const registry = new ServiceRegistry();
  for (const m of modules) registry.add(m, m.provides, NO_INFRA, m.needs ?? []);
  return registry;
}

describe('services by name', () => {
  it('makes a service on first use, once, from the services it names', () => {
    const made: string[] = [];
    const registry = registryOf([greeter, clock(made)]);
    const { get } = registry.scoped({ module: 'app', needs: ['test-greeter', 'test-clock'] });
    expect(made).toEqual([]);
    expect(get('test-greeter').greet()).toBe('hello at 42');
    expect(get('test-clock')).toBe(get('test-clock'));
    expect(made).toEqual(['clock']);
  });

  it('fails start-up naming the module and the service nobody provides', () => {
    expect(() => registryOf([greeter]).check([{ module: 'greeter', needs: ['test-clock'] }])).toThrow(
      'Module "greeter" needs the "test-clock" service, which no module of this process provides',
    );
  });

  it('refuses a service a module did not name, and two providers of one service', () => {
    const registry = registryOf([clock([])]);
    expect(() => registry.scoped({ module: 'nosy', needs: [] }).get('test-clock')).toThrow(/without naming it/);
    expect(() => registryOf([clock([]), { ...clock([]), name: 'clock-2' }])).toThrow(
      'Service "test-clock" is provided by both "clock" and "clock-2"',
    );
  });

  it('names a circle of services that need each other', () => {
    const a: VigilModule = {
      name: 'a',
      needs: ['test-greeter'],
      provides: {
        'test-clock': ({ get }): ServiceMap['test-clock'] => {
          const greeter = get('test-greeter');
          return { now: () => greeter.greet().length };
        },
      },
    };
    const b: VigilModule = {
      name: 'b',
      needs: ['test-clock'],
      provides: {
        'test-greeter': ({ get }) => {
          const clock = get('test-clock');
          return { greet: () => String(clock.now()) };
        },
      },
    };
    const registry = registryOf([a, b]);
    expect(() => registry.scoped({ module: 'app', needs: ['test-clock'] }).get('test-clock')).toThrow(
      /need each other in a circle: test-clock → test-greeter → test-clock/,
    );
  });
});
