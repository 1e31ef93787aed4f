ALTER TABLE "mail_outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
UPDATE "mail_outbox" SET "status" = 'sent' WHERE "sent_at" IS NOT NULL;
