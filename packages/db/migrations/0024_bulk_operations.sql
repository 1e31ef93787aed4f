CREATE TABLE "bulk_operation_results" (
	"operation_id" uuid NOT NULL,
	"camera_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"camera_name" text NOT NULL,
	"ok" boolean,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_operation_results_operation_id_camera_id_pk" PRIMARY KEY("operation_id","camera_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"api_key_id" uuid,
	"ip" text,
	"change" jsonb NOT NULL,
	"filter" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_operations_status_check" CHECK ("bulk_operations"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "bulk_operation_results" ADD CONSTRAINT "bulk_operation_results_operation_id_bulk_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."bulk_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_operation_results_order_idx" ON "bulk_operation_results" USING btree ("operation_id","position");--> statement-breakpoint
CREATE INDEX "bulk_operations_workspace_idx" ON "bulk_operations" USING btree ("workspace_id","created_at");