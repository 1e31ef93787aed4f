import type { DeliveryChannel, EventKind, EventSeverity, TaskPriority, TaskStatus } from '@vigil/shared';

/**
 * What every channel (push, email, SMS, webhook, MQTT) is given to send one delivery, and what it
 * answers. The send task (send.service.ts) owns the delivery's state; a channel only sends and
 * says how it went, never writes the delivery row.
 */
export interface NotifiedEvent {
  id: string;
  workspaceId: string;
  workspaceName: string;
  cameraId: string | null;
  /** Null for workspace-wide events. */
  cameraName: string | null;
  kind: EventKind;
  severity: EventSeverity;
  startAt: Date;
  endAt: Date | null;
  armed: boolean;
  zones: string[];
  /** Storage key of the event's picture, once the event-thumbnail job made it. */
  thumbnailKey: string | null;
  detail: Record<string, unknown> | null;
}

/** A task given to someone, as the assignment notice describes it. */
export interface NotifiedTask {
  id: string;
  workspaceId: string;
  workspaceName: string;
  title: string;
  description: string;
  priority: TaskPriority;
  status: TaskStatus;
  dueAt: Date | null;
  assigneeId: string | null;
  /** Which assignment of the task this is (a reassignment is a new one). */
  assignmentSeq: number;
  cameraName: string | null;
  /** Who gave it (null: their account is gone). */
  assignedByName: string | null;
}

export interface DeliveryContext {
  delivery: {
    id: string;
    workspaceId: string;
    channel: DeliveryChannel;
    /** What to send to: a device token, a user id (email), a phone number, a webhook id, 'mqtt'. */
    target: string;
    userId: string | null;
    /** 1 on the first attempt. */
    attempt: number;
  };
  /** Null for a message that is about no single event (a digest, a test, a task). */
  event: NotifiedEvent | null;
  /** The task, for an assignment notice (email and push only). */
  task?: NotifiedTask | null;
  /** The event in the app (PUBLIC_URL/viewer/events?id=…). */
  link: string;
  /** A signed URL of the event's picture that needs no session (push images, webhooks), or null. */
  imageUrl: string | null;
}

export type SendResult =
  | {
      ok: true;
      code?: number;
      info?: string;
      /** Accepted into the in-app outbox only (no SMTP configured): logged as `outbox`, not `sent`. */
      outbox?: true;
    }
  | {
      ok: false;
      /** False: retrying cannot help (410 Gone, a bad address, opted out). */
      retry: boolean;
      code?: number;
      error: string;
      /** Not an error: the send was skipped on purpose (opted out, cap reached); logged as `skipped`. */
      skipped?: boolean;
    };

export interface Channel {
  send(ctx: DeliveryContext): Promise<SendResult>;
}

export type Channels = Partial<Record<DeliveryChannel, Channel>>;
