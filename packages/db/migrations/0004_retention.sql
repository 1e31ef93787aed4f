CREATE TABLE "prune_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"limit_value" double precision NOT NULL,
	"recordings_removed" integer DEFAULT 0 NOT NULL,
	"bytes_removed" bigint DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prune_notices" ADD CONSTRAINT "prune_notices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prune_notices_workspace_last_idx" ON "prune_notices" USING btree ("workspace_id","last_at");--> statement-breakpoint
CREATE INDEX "recordings_workspace_start_idx" ON "recordings" USING btree ("workspace_id","start_at");--> statement-breakpoint
CREATE INDEX "segments_workspace_start_idx" ON "segments" USING btree ("workspace_id","start_at");--> statement-breakpoint
CREATE INDEX "segments_recording_idx" ON "segments" USING btree ("recording_id");