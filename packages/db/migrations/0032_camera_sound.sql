ALTER TABLE "cameras" ADD COLUMN "record_sound" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "audio_codec" text;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "audio_sample_rate" integer;