CREATE TABLE "camera_leases" (
	"camera_id" uuid PRIMARY KEY NOT NULL,
	"holder_id" uuid,
	"epoch" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vigil_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"roles" text[] NOT NULL,
	"internal_url" text NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "store" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "camera_leases" ADD CONSTRAINT "camera_leases_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camera_leases_holder_idx" ON "camera_leases" USING btree ("holder_id");--> statement-breakpoint
CREATE INDEX "vigil_nodes_expires_idx" ON "vigil_nodes" USING btree ("expires_at");