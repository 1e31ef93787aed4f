ALTER TABLE "cameras" ADD COLUMN "substream_password_enc" text;--> statement-breakpoint
-- Errors recorded before credentials were redacted could carry "rtsp://user:password@…".
UPDATE "cameras" SET "last_error" = regexp_replace("last_error", '([a-z][a-z0-9+.-]*://)[^[:space:]/@]*@', '\1***@', 'gi') WHERE "last_error" ~ '://[^[:space:]/@]*@';
