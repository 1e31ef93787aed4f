import type { Db } from '@vigil/db';
import type { AuditAction, TOPICS } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { Config, Role } from '../config.ts';
import type { Callable } from '../lib/callable.ts';
import type { Deferred } from '../lib/deferred.ts';
import type { MediaStore } from '../lib/media-store.ts';
import type { OutboundPolicy } from '../lib/outbound-policy.ts';
import type { RealtimeHub } from '../lib/realtime.ts';
import type { SecretBox } from '../lib/secrets.ts';
import type { Storage } from '../lib/storage.ts';
import type { LocalDetectorFront } from '../ai/local-detector.ts';
import type { JobName, JobPayloads, Tasks } from '../lib/job-catalogue.ts';
import type { LiveFeed } from '../video/live-feed.ts';

/**
 * The services modules hand each other, by name. Each module that provides one adds its entry
 * from its own front door (`declare module '../../kernel/module.ts' { interface ServiceMap … }`),
 * so a consumer gets the provider's type without importing the provider's internals.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module's front door
export interface ServiceMap {}
export type ServiceName = keyof ServiceMap;

/** How a module part reaches the services it named in `needs` (anything else is refused at start). */
export interface Services {
  get<K extends ServiceName>(name: K): ServiceMap[K];
}

/** The infrastructure every process builds once and shares with its modules. */
export interface Infra {
  config: Config;
  db: Db;
  storage: Storage;
  /** Recorded footage: files under MEDIA_DIR, or the S3 bucket. */
  media: MediaStore;
  secrets: SecretBox;
  policy: OutboundPolicy;
  /** A warning for the operator (tagged with the module's name in a work process). */
  log(message: string): void;
  /** Run when the process stops, before the database pool closes. */
  onClose(fn: () => unknown): void;
}

/** What a serve process adds: the realtime hub, work started by requests, the recorder's feeds. */
export interface ServeInfra extends Infra {
  hub: RealtimeHub;
  deferred: Deferred;
  /** True when the database is the embedded server. */
  embedded: boolean;
  /** The live fMP4 feeds of the cameras this process records (empty when it records none). */
  liveFeeds: Map<string, LiveFeed>;
  /**
   * Every module's callables, for the dispatcher of `POST /api/fn/:name`: filled once all are
   * collected, before any register runs (a provider made while collecting them sees none).
   */
  callables: readonly Callable[];
  /** Every module's realtime topics, for the stream's check of what a client asks. */
  topics: ReadonlySet<string>;
  /** Every module's audit actions, for the audit log's check that the catalogue has owners. */
  auditActions: ReadonlySet<AuditAction>;
  /** Test knobs a caller of buildApp may pass through (the AI module's local detector). */
  options: ServeOptions;
}

/** Options a caller of buildApp hands to the modules (tests replace the built-in AI detector). */
export interface ServeOptions {
  localDetector?: () => LocalDetectorFront;
}

/** What a work process adds: its identity in the cluster and a scratch folder. */
export interface WorkInfra extends Infra {
  nodeId: string;
  /** For a part that listens to the realtime notices (LISTEN needs a connection of its own). */
  databaseUrl: string;
  workDir: string;
}

/**
 * The slim context of the routes every process answers (health, metrics) or a recording process
 * offers the others (live feeds): no storage or realtime hub is opened for them.
 */
export interface ProbeInfra {
  config: Config;
  db: Db;
  pool: Pool;
  /** Whether the database answers within 1 s, on a connection of its own (health checks). */
  pingDatabase: () => Promise<boolean>;
  embedded: boolean;
  version: string;
  readiness?: () => Partial<Record<Role, boolean>>;
  liveFeeds: Map<string, LiveFeed>;
}

/** Services made on first request (once per process) from the infrastructure and other services. */
export type Providers<C> = { readonly [K in ServiceName]?: (ctx: C & Services) => ServiceMap[K] };

export interface ServePart {
  readonly needs?: readonly ServiceName[];
  /** Services that exist only where the API is served (sessions, live viewing). */
  readonly provides?: Providers<ServeInfra>;
  /** Realtime topics this module owns (TOPICS in packages/shared); others may publish on them too. */
  readonly topics?: readonly Topic[];
  callables?(ctx: ServeInfra & Services): readonly Callable[];
  /** Routes and route hooks; runs in list order, after the app's plugins. */
  register?(app: FastifyInstance, ctx: ServeInfra & Services): void | Promise<void>;
}

/** A realtime topic of the shared catalogue. */
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** A job that takes no payload: what a crontab line or a kickoff can queue. */
export type PeriodicJob = { [N in JobName]: JobPayloads[N] extends Record<string, never> ? N : never }[JobName];

/** A module's share of the job queue in a work process. */
export interface WorkPart {
  readonly needs?: readonly ServiceName[];
  /** graphile-worker crontab lines for this module's periodic tasks. */
  readonly crontab?: readonly string[];
  /** Periodic tasks queued once at start too, rather than waiting for their first tick. */
  readonly kickoff?: readonly PeriodicJob[];
  start(ctx: WorkInfra & Services): Jobs | Promise<Jobs>;
}

export interface Jobs {
  tasks: Partial<Tasks>;
  /** The worker is stopping: long tasks stop taking new work. */
  onStopping?(): void;
  /** After the worker stopped. */
  stop?(): Promise<void>;
}

export interface ProbePart {
  /** Which processes answer these routes (every one unless said). */
  readonly roles?: readonly Role[];
  register(app: FastifyInstance, ctx: ProbeInfra): void;
}

/**
 * One module's front door (DESIGN.md §6.11): what it provides, what it needs, and what it does in
 * each process role. modules.ts lists them; app.ts and work.ts run them.
 */
export interface VigilModule {
  readonly name: string;
  /** The audit log actions its services record (AUDIT_ACTIONS in packages/shared), whichever role records them. */
  readonly auditActions?: readonly AuditAction[];
  /** What `provides` builds from (checked in every process that lists the module). */
  readonly needs?: readonly ServiceName[];
  /** Services built in whichever process asks for them (serve or work). */
  readonly provides?: Providers<Infra>;
  readonly serve?: ServePart;
  readonly work?: WorkPart;
  readonly probe?: ProbePart;
}

/** Identity, typed: a module literal checked against the contract where it is written. */
export function defineModule<const M extends VigilModule>(m: M): M {
  return m;
}
