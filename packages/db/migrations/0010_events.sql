CREATE TABLE "alert_read_marks" (
	"user_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"read_through" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_read_marks_user_id_workspace_id_pk" PRIMARY KEY("user_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "alert_reads" (
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reads_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"camera_id" uuid,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"armed" boolean DEFAULT false NOT NULL,
	"zones" text[] DEFAULT '{}'::text[] NOT NULL,
	"thumbnail_key" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"note" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ranges" jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_events" DROP CONSTRAINT "camera_events_camera_id_cameras_id_fk";
--> statement-breakpoint
ALTER TABLE "camera_events" DROP CONSTRAINT "camera_events_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "motion" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "schedule_recording" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "event_severity" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "arm_override" boolean;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "arm_override_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_read_marks" ADD CONSTRAINT "alert_read_marks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_workspace_start_idx" ON "events" USING btree ("workspace_id","start_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_camera_start_idx" ON "events" USING btree ("camera_id","start_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_workspace_kind_start_idx" ON "events" USING btree ("workspace_id","kind","start_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_alerts_idx" ON "events" USING btree ("workspace_id","start_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE severity = 'alert';--> statement-breakpoint
CREATE INDEX "events_unacknowledged_idx" ON "events" USING btree ("workspace_id","start_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE acknowledged_at is null;--> statement-breakpoint
CREATE INDEX "schedules_workspace_idx" ON "schedules" USING btree ("workspace_id","name");--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;