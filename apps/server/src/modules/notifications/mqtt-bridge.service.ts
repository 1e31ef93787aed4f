import type { Db } from '@vigil/db';
import type { MqttClient } from 'mqtt';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Storage } from '../../lib/storage.ts';
import type { CamerasService } from '../cameras/cameras.module.ts';
import { ARM_MAX_MINUTES } from '@vigil/shared';
import { armingAt } from '../events/events.module.ts';
import { eventImageUrl, eventLink } from './event-image.ts';
import { mqttBridgeRepo as repo } from './mqtt-bridge.repo.ts';
import { eventTopic, type MqttEventState, mqttEventMessage } from './mqtt-payload.ts';
import { MQTT_CONNECT_TIMEOUT_MS, openBroker, withTimeout } from './mqtt-publisher.ts';
import {
  availabilityTopic,
  type CameraState,
  cameraTopic,
  commandCamera,
  commandFilter,
  discoveryMessages,
  MQTT_SETTINGS_TOPIC,
  parseCommand,
  stateMessages,
} from './mqtt-topics.ts';
import { loadNotifiedEvent } from './notified-event.repo.ts';

export interface MqttBridgeDeps {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  hub: { subscribe(fn: (e: RealtimeEvent) => void): () => void };
  cameras: Pick<CamerasService, 'arm' | 'snooze'>;
  storage?: Pick<Storage, 'read'>;
  publicUrl: string;
  authSecret: string;
  log(message: string): void;
  reconcileMs?: number;
  connectTimeoutMs?: number;
}

/**
 * Workspaces are looked at again this often (a broker back up, a schedule that armed a camera); a
 * lost connection is made again after RECONNECT_MS; OPEN_EVENTS_KEPT open events are remembered
 * per workspace for the `before` of their `update`/`end`, the oldest going first.
 */
export const MQTT_BRIDGE_RECONCILE_MS = 30_000;
const RECONNECT_MS = 2000;
const OPEN_EVENTS_KEPT = 1000;

interface Link {
  workspaceId: string;
  url: string;
  discovery: boolean;
  client: MqttClient;
  /** What was last published per camera: its state, and whether its discovery documents are out. */
  cameras: Map<string, { state: CameraState; discovered: boolean; snapshotOf: string | null }>;
  /** Events seen open, as last told, for the `before` of their next message. */
  events: Map<string, MqttEventState>;
  /** One change at a time per broker, in the order they came. */
  queue: Promise<void>;
}

/**
 * The work process's live link to each workspace's broker, for Home Assistant: one connection per
 * workspace with a Last Will on its availability topic, retained per-camera states (motion,
 * status, armed) and discovery documents kept in step with the database through the realtime
 * notices, `update`/`end` event messages after the `new` the mqtt channel delivers, and commands
 * read back from the cameras' `set` topics, applied through the cameras service to that
 * workspace's cameras only.
 */
export function createMqttBridge(deps: MqttBridgeDeps) {
  const { db, log } = deps;
  const timeoutMs = deps.connectTimeoutMs ?? MQTT_CONNECT_TIMEOUT_MS;
  const links = new Map<string, Link>();
  const connecting = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const enqueue = (link: Link, what: string, fn: () => Promise<void>) => {
    link.queue = link.queue.then(fn).catch((e) => log(`MQTT ${what} for workspace ${link.workspaceId}: ${e.message}`));
    return link.queue;
  };
  // A publish the broker never acknowledges ends the connection: the link is made again rather
  // than every later change waiting behind it.
  const put = (link: Link, topic: string, payload: string | Buffer, retain = true) =>
    withTimeout(link.client.publishAsync(topic, payload, { qos: 1, retain }), timeoutMs, 'no acknowledgement').then(
      () => undefined,
      (e) => {
        link.client.end(true);
        throw e;
      },
    );

  async function cameraState(ws: string, cameraId?: string): Promise<CameraState[]> {
    const rows = await repo.cameras(db, ws, cameraId);
    const now = new Date();
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        name: r.name,
        online: r.status === 'online',
        motion: r.motion,
        armed: (await armingAt(db, r.id, now))?.armed ?? false,
      })),
    );
  }

  async function forget(link: Link, cameraId: string) {
    const known = link.cameras.get(cameraId);
    link.cameras.delete(cameraId);
    if (!known) return;
    // Empty retained messages clear the topics: Home Assistant removes the device.
    for (const [topic] of stateMessages(link.workspaceId, known.state)) await put(link, topic, '');
    if (known.discovered)
      for (const [topic, p] of discoveryMessages(link.workspaceId, known.state, deps.publicUrl, true))
        await put(link, topic, p);
  }

  /** Publishes what changed of the cameras' states and discovery (one camera, or all of them). */
  async function sync(link: Link, cameraId?: string) {
    const ws = link.workspaceId;
    const states = await cameraState(ws, cameraId);
    const present = new Set(states.map((s) => s.id));
    for (const id of cameraId ? [cameraId] : [...link.cameras.keys()]) if (!present.has(id)) await forget(link, id);
    for (const state of states) {
      const known = link.cameras.get(state.id);
      const renamed = known?.state.name !== state.name;
      if (link.discovery && (!known?.discovered || renamed))
        for (const [topic, p] of discoveryMessages(ws, state, deps.publicUrl)) await put(link, topic, p);
      if (!link.discovery && known?.discovered)
        for (const [topic, p] of discoveryMessages(ws, state, deps.publicUrl, true)) await put(link, topic, p);
      const before = known ? new Map(stateMessages(ws, known.state)) : new Map<string, string>();
      for (const [topic, p] of stateMessages(ws, state)) if (before.get(topic) !== p) await put(link, topic, p);
      link.cameras.set(state.id, { state, discovered: link.discovery, snapshotOf: known?.snapshotOf ?? null });
    }
  }

  /** An event changed: motion state first (what an automation waits on), then its `update` or `end`. */
  async function onEvent(link: Link, eventId: string) {
    const e = await loadNotifiedEvent(db, eventId);
    if (!e?.cameraId || e.workspaceId !== link.workspaceId) return;
    if (e.kind === 'motion') await sync(link, e.cameraId);
    const ctx = {
      link: eventLink(deps.publicUrl, e.id),
      imageUrl: eventImageUrl(deps.publicUrl, deps.authSecret, e.id),
    };
    const message = mqttEventMessage(e, ctx);
    const previous = link.events.get(e.id);
    if (e.endAt) link.events.delete(e.id);
    if (!previous) {
      // Its `new` (or, for one born over, its `end`) is the mqtt channel's delivery; an open motion
      // event this process never saw start still ends here.
      if (!e.endAt) remember(link, message.after);
      else if (e.kind === 'motion' && message.type === 'end')
        await put(link, eventTopic(e), JSON.stringify(message), false);
    } else if (e.endAt || told(previous) !== told(message.after)) {
      const type = e.endAt ? 'end' : 'update';
      await put(link, eventTopic(e), JSON.stringify({ type, before: previous, after: message.after }), false);
      if (!e.endAt) remember(link, message.after);
    }
    await snapshot(link, e.cameraId, e.thumbnailKey);
  }

  // The picture link is signed anew at each look: not a change of the event.
  const told = (state: MqttEventState) => JSON.stringify({ ...state, thumbnail: null });

  function remember(link: Link, state: MqttEventState) {
    link.events.delete(state.id);
    link.events.set(state.id, state);
    if (link.events.size > OPEN_EVENTS_KEPT) link.events.delete(link.events.keys().next().value!);
  }

  /** The camera entity's picture: the latest event thumbnail, once per thumbnail. */
  async function snapshot(link: Link, cameraId: string, key: string | null) {
    const known = link.cameras.get(cameraId);
    if (!deps.storage || !key || !known || known.snapshotOf === key) return;
    const { stream } = await deps.storage.read(key);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    await put(link, cameraTopic(link.workspaceId, cameraId, 'snapshot'), Buffer.concat(chunks));
    known.snapshotOf = key;
  }

  async function onCommand(link: Link, topic: string, payload: string) {
    const cameraId = commandCamera(link.workspaceId, topic);
    const command = parseCommand(payload);
    if (!cameraId || !command) {
      log(
        `MQTT command ignored on ${topic}: ${JSON.stringify(payload.slice(0, 40))} is not arm, disarm, resume or snooze`,
      );
      return;
    }
    // The workspace's actor: the service refuses (not found) a camera of another workspace.
    const actor = { workspaceId: link.workspaceId, cameraIds: null };
    try {
      if (command.kind === 'snooze') await deps.cameras.snooze(actor, cameraId, command.minutes);
      else if (command.kind === 'resume') await deps.cameras.arm(actor, cameraId, { resume: true });
      else await deps.cameras.arm(actor, cameraId, { armed: command.armed, minutes: ARM_MAX_MINUTES });
    } catch (e) {
      log(`MQTT command ${command.kind} ignored on ${topic}: ${(e as Error).message}`);
      return;
    }
    await sync(link, cameraId);
  }

  async function connect(workspaceId: string, url: string, discovery: boolean) {
    connecting.add(workspaceId);
    try {
      const client = await openBroker(url, deps.policy, timeoutMs, {
        will: { topic: availabilityTopic(workspaceId), payload: 'offline', retain: true },
      });
      if (stopped) return void client.end(true);
      const link: Link = {
        workspaceId,
        url,
        discovery,
        client,
        cameras: new Map(),
        events: new Map(),
        queue: Promise.resolve(),
      };
      links.set(workspaceId, link);
      client.on('close', () => {
        if (links.get(workspaceId) !== link) return;
        links.delete(workspaceId);
        // A broker that went away is tried again soon, not at the next round.
        if (!stopped) setTimeout(() => void reconcile().catch(() => {}), RECONNECT_MS).unref();
      });
      client.on(
        'message',
        (topic, payload) => void enqueue(link, 'command', () => onCommand(link, topic, payload.toString('utf8'))),
      );
      await enqueue(link, 'connection', async () => {
        await client.subscribeAsync(commandFilter(workspaceId), { qos: 1 });
        await put(link, availabilityTopic(workspaceId), 'online');
        await sync(link);
      });
    } catch (e) {
      log(`MQTT broker of workspace ${workspaceId} not reached (tried again later): ${(e as Error).message}`);
    } finally {
      connecting.delete(workspaceId);
    }
  }

  async function disconnect(link: Link) {
    links.delete(link.workspaceId);
    await link.queue;
    await put(link, availabilityTopic(link.workspaceId), 'offline').catch(() => {});
    await link.client.endAsync().catch(() => {});
  }

  /** Brings the links in line with the settings: connects, reconnects, drops; then resyncs every camera. */
  async function reconcile() {
    const rows = await repo.linkedWorkspaces(db);
    const wanted = new Map(
      rows.map((r) => [r.workspaceId, { url: deps.secrets.open(r.sealedUrl!), discovery: r.discovery }]),
    );
    for (const link of [...links.values()]) {
      const want = wanted.get(link.workspaceId);
      if (!want || want.url !== link.url) await disconnect(link);
    }
    await Promise.all(
      [...wanted].map(async ([ws, want]) => {
        const link = links.get(ws);
        if (!link) return connecting.has(ws) ? undefined : connect(ws, want.url, want.discovery);
        link.discovery = want.discovery;
        return enqueue(link, 'sync', () => sync(link));
      }),
    );
  }

  function onNotice(e: RealtimeEvent) {
    if (e.topic === MQTT_SETTINGS_TOPIC) return void reconcile().catch((err) => log(`MQTT settings: ${err.message}`));
    const link = e.workspaceId ? links.get(e.workspaceId) : undefined;
    if (!link) return;
    if (e.topic === 'events' && e.id) void enqueue(link, 'event', () => onEvent(link, e.id!));
    else if (e.topic === 'events' || e.topic === 'cameras') void enqueue(link, 'state', () => sync(link, e.id));
  }

  let unsubscribe = () => {};
  return {
    async start() {
      unsubscribe = deps.hub.subscribe(onNotice);
      await reconcile();
      const tick = () =>
        reconcile()
          .catch((e) => log(`MQTT: ${e.message}`))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, deps.reconcileMs ?? MQTT_BRIDGE_RECONCILE_MS).unref();
          });
      timer = setTimeout(tick, deps.reconcileMs ?? MQTT_BRIDGE_RECONCILE_MS).unref();
    },
    /** Says offline on every broker (the Last Will is for a process that dies) and closes. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await Promise.all([...links.values()].map(disconnect));
    },
    /** Test knob: the broker connection of a workspace, to kill it as a crash would. */
    clientOf: (workspaceId: string) => links.get(workspaceId)?.client,
  };
}
export type MqttBridge = ReturnType<typeof createMqttBridge>;
