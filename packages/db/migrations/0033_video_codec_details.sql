ALTER TABLE "cameras" ADD COLUMN "video_codec_string" text;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "video_profile" text;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "video_level" text;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "format" text DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "codec" text;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "profile" text;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "level" text;