import type { DeliveryContext, NotifiedEvent } from '../../lib/delivery-channel.ts';

/**
 * What Vigil publishes for an event, in the shape Home Assistant users know from Frigate's
 * `frigate/events` topic (type new|end, before/after with id, camera, label, zones, times in unix
 * seconds), so existing automations and blueprints need only a new topic.
 */
export interface MqttEventState {
  id: string;
  camera: string;
  camera_id: string | null;
  label: string;
  sub_label: null;
  severity: string;
  armed: boolean;
  start_time: number;
  end_time: number | null;
  current_zones: string[];
  entered_zones: string[];
  has_snapshot: boolean;
  has_clip: boolean;
  thumbnail: string | null;
  url: string;
}

export interface MqttEventMessage {
  type: 'new' | 'end';
  before: MqttEventState | null;
  after: MqttEventState;
}

export const eventTopic = (e: Pick<NotifiedEvent, 'workspaceId' | 'cameraId'>) =>
  `vigil/${e.workspaceId}/${e.cameraId ?? 'workspace'}/events`;
export const testTopic = (workspaceId: string) => `vigil/${workspaceId}/test`;

const seconds = (d: Date) => d.getTime() / 1000;

export function mqttEventMessage(e: NotifiedEvent, ctx: Pick<DeliveryContext, 'link' | 'imageUrl'>): MqttEventMessage {
  const after: MqttEventState = {
    id: e.id,
    camera: e.cameraName ?? e.workspaceName,
    camera_id: e.cameraId,
    label: e.kind,
    sub_label: null,
    severity: e.severity,
    armed: e.armed,
    start_time: seconds(e.startAt),
    end_time: e.endAt ? seconds(e.endAt) : null,
    current_zones: e.endAt ? [] : e.zones,
    entered_zones: e.zones,
    has_snapshot: e.thumbnailKey !== null,
    has_clip: true,
    thumbnail: ctx.imageUrl,
    url: ctx.link,
  };
  // An event already over when it is published is told as its end, as Frigate does, with the open state before.
  if (!e.endAt) return { type: 'new', before: null, after };
  return { type: 'end', before: { ...after, end_time: null, current_zones: e.zones }, after };
}
