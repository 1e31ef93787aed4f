CREATE TABLE "ai_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"codeproject_url" text,
	"codeproject_key_enc" text,
	"codeproject_timeout_ms" integer DEFAULT 10000 NOT NULL,
	"openai_url" text,
	"openai_key_enc" text,
	"openai_model" text,
	"openai_timeout_ms" integer DEFAULT 20000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ai_usage_period" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "ai" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;