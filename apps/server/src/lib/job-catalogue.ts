/**
 * Every job kind Vigil runs and its payload: the catalogue modules enqueue against and the work
 * role's tasks are checked against, kept below the modules so none imports another to name a job.
 */
export interface JobPayloads {
  export: { id: string };
  'retention-sweep': Record<string, never>;
  'retention-workspace': { workspaceId: string };
  /** A motion event's JPEG, from the footage of its first second. */
  'event-thumbnail': { eventId: string };
  /** Cameras no recorder holds get an outage. */
  'camera-watch': Record<string, never>;
  /** Who hears about an event: its deliveries. */
  'notify-event': { eventId: string };
  /** One attempt at one delivery. */
  'notify-send': { deliveryId: string };
  /** Tells a task's assignee it is theirs: one delivery per destination, like an event's. */
  'notify-task': { taskId: string; seq: number };
  /** The daily email digests whose local hour has come (hourly). */
  'notify-digest': Record<string, never>;
  /** Trial reminders and the manual provider's renewal invoices (hourly). */
  'billing-hourly': Record<string, never>;
  /** Each workspace's storage today, for Billing's 30-day chart (hourly). */
  'storage-sample': Record<string, never>;
  /** Stripe's Product, Prices and Customer Portal brought in line with a plan an administrator saved. */
  'stripe-catalogue': { planKey: string };
  /** Applies a bulk operation's change camera by camera, resuming where a previous run stopped. */
  'bulk-operation': { id: string };
  /** Renders one report into storage. */
  'report-render': { id: string };
  /** Makes the report schedules' due reports (hourly). */
  'report-schedules': Record<string, never>;
  /** Mails a scheduled report to its recipients, each at most once. */
  'report-mail': { reportId: string };
  /** Probes and creates the pending lines of a bulk camera import. */
  'camera-import': { id: string };
  /** One attempt at one queued mail of the outbox (reset, invitation, trial reminder, invoice). */
  'mail-send': { outboxId: string };
  /** Old mail's link tokens hidden, older mail deleted (daily). */
  'mail-retention': Record<string, never>;
  /** Each audit chain's last entry, signed, into storage (every minute). */
  'audit-checkpoint': Record<string, never>;
}
export type JobName = keyof JobPayloads;

/** The handlers of a work process, one per job kind. */
export type Tasks = {
  [N in JobName]: (payload: JobPayloads[N], job: { attempts: number; maxAttempts: number }) => Promise<void>;
};
