ALTER TABLE "recordings" ALTER COLUMN "bytes" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "segments" ALTER COLUMN "bytes" SET DATA TYPE bigint;