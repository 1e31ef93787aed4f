import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
/** pino's check for a level, which Fastify's logger type leaves out. */
type WithLevelCheck = { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger that becomes pino's child (with the request id) only when something logs
 * through it. Fastify makes a child per request, and at the usual levels (warn in production)
 * most requests never write a line: the child's bindings were built and thrown away on each.
 * A call at a level the parent does not write is dropped before the child exists; any other
 * use (a line to write, `child`, the level) makes the child once and goes to it, so every line
 * still carries the request id.
 */
class LazyRequestLogger {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #own: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #child(): FastifyBaseLogger {
    this.#own ??= this.#parent.child(this.#bindings);
    return this.#own;
  }

  // Methods on the prototype, not a closure per level per request: the point is a cheap request.
  #log(level: Level, args: unknown[]): void {
    // A logger without the check (not pino) always gets the line.
    if (this.#own || (this.#parent as WithLevelCheck).isLevelEnabled?.(level) !== false)
      (this.#child()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  /** pino's `silent` writes nothing at any level. */
  silent(): void {}

  get level(): FastifyBaseLogger['level'] {
    return this.#own?.level ?? this.#parent.level;
  }

  set level(level: FastifyBaseLogger['level']) {
    this.#child().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: a lazy child for the usual request, pino's own child when the
 * route asks for its own level or serializers (the child must carry them from the start).
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  if (opts.level || opts.serializers) return logger.child(bindings, opts);
  return new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
}
