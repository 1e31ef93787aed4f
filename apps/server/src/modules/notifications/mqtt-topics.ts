/**
 * The topics Vigil keeps on a workspace's broker for home automation, and the Home Assistant MQTT
 * discovery documents that describe them (one device per camera). States are retained so a Home
 * Assistant that starts after Vigil reads them at once; the availability topic carries the
 * connection's Last Will, so every entity turns unavailable when Vigil goes away.
 */

export const DISCOVERY_PREFIX = 'homeassistant';
/** The realtime notice the settings service gives when a broker or discovery changes: the bridge follows at once. */
export const MQTT_SETTINGS_TOPIC = 'mqtt.settings';

export const availabilityTopic = (ws: string) => `vigil/${ws}/availability`;
export const cameraTopic = (ws: string, cameraId: string, leaf: 'motion' | 'status' | 'armed' | 'set' | 'snapshot') =>
  `vigil/${ws}/${cameraId}/${leaf}`;
/** What the bridge subscribes to: every camera's command topic of the workspace. */
export const commandFilter = (ws: string) => `vigil/${ws}/+/set`;

export const ON = 'ON';
export const OFF = 'OFF';

export interface CameraState {
  id: string;
  name: string;
  /** `online` when the recorder has its stream; anything else is told `offline`. */
  online: boolean;
  armed: boolean;
  motion: boolean;
}

/** The retained state topics of a camera and their payloads. */
export function stateMessages(ws: string, cam: CameraState): [topic: string, payload: string][] {
  return [
    [cameraTopic(ws, cam.id, 'motion'), cam.motion ? ON : OFF],
    [cameraTopic(ws, cam.id, 'status'), cam.online ? 'online' : 'offline'],
    [cameraTopic(ws, cam.id, 'armed'), cam.armed ? ON : OFF],
  ];
}

/** A command on a camera's `set` topic: arm, disarm, back to the schedule, or snooze people's notifications. */
export type CameraCommand = { kind: 'arm'; armed: boolean } | { kind: 'resume' } | { kind: 'snooze'; minutes: number };

export const DEFAULT_SNOOZE_MINUTES = 30;
const MAX_SNOOZE_MINUTES = 24 * 60;

/** `arm`, `disarm`, `resume`, `snooze` or `snooze <minutes>` (any case); anything else is null. */
export function parseCommand(payload: string): CameraCommand | null {
  const words = payload.trim().toLowerCase().split(/\s+/);
  const [verb, arg] = words;
  if (words.length === 1 && verb === 'arm') return { kind: 'arm', armed: true };
  if (words.length === 1 && verb === 'disarm') return { kind: 'arm', armed: false };
  if (words.length === 1 && verb === 'resume') return { kind: 'resume' };
  if (verb === 'snooze' && words.length <= 2) {
    if (arg === undefined) return { kind: 'snooze', minutes: DEFAULT_SNOOZE_MINUTES };
    const minutes = Number(arg);
    if (Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_SNOOZE_MINUTES) return { kind: 'snooze', minutes };
  }
  return null;
}

/** The camera id of a command topic of this workspace (null: not one). */
export function commandCamera(ws: string, topic: string): string | null {
  const m = /^vigil\/([^/]+)\/([^/]+)\/set$/.exec(topic);
  return m && m[1] === ws ? m[2]! : null;
}

const nodeOf = (cameraId: string) => `vigil_${cameraId.replace(/-/g, '')}`;

/**
 * The discovery documents of a camera (topic → retained JSON): a motion and a connectivity binary
 * sensor, an armed switch that commands through the `set` topic, and a camera entity showing the
 * latest event snapshot. With `remove`, the empty retained messages that take them away.
 */
export function discoveryMessages(
  ws: string,
  cam: Pick<CameraState, 'id' | 'name'>,
  publicUrl: string,
  remove = false,
): [topic: string, payload: string][] {
  const node = nodeOf(cam.id);
  const device = {
    identifiers: [node],
    name: cam.name,
    manufacturer: 'Vigil',
    model: 'Camera',
    configuration_url: `${publicUrl}/cameras/${cam.id}`,
  };
  const common = (object: string, name: string) => ({
    name,
    unique_id: `${node}_${object}`,
    object_id: `${cam.name} ${name}`,
    availability_topic: availabilityTopic(ws),
    payload_available: 'online',
    payload_not_available: 'offline',
    device,
  });
  const docs: [string, Record<string, unknown>][] = [
    [
      `${DISCOVERY_PREFIX}/binary_sensor/${node}/motion/config`,
      {
        ...common('motion', 'Motion'),
        device_class: 'motion',
        state_topic: cameraTopic(ws, cam.id, 'motion'),
        payload_on: ON,
        payload_off: OFF,
      },
    ],
    [
      `${DISCOVERY_PREFIX}/binary_sensor/${node}/connectivity/config`,
      {
        ...common('connectivity', 'Connectivity'),
        device_class: 'connectivity',
        entity_category: 'diagnostic',
        state_topic: cameraTopic(ws, cam.id, 'status'),
        payload_on: 'online',
        payload_off: 'offline',
      },
    ],
    [
      `${DISCOVERY_PREFIX}/switch/${node}/armed/config`,
      {
        ...common('armed', 'Armed'),
        icon: 'mdi:shield-home',
        state_topic: cameraTopic(ws, cam.id, 'armed'),
        state_on: ON,
        state_off: OFF,
        command_topic: cameraTopic(ws, cam.id, 'set'),
        payload_on: 'arm',
        payload_off: 'disarm',
      },
    ],
    [
      `${DISCOVERY_PREFIX}/camera/${node}/snapshot/config`,
      { ...common('snapshot', 'Snapshot'), topic: cameraTopic(ws, cam.id, 'snapshot') },
    ],
  ];
  return docs.map(([topic, doc]) => [topic, remove ? '' : JSON.stringify(doc)]);
}
