-- The online/offline history recorded since issue 3 becomes events (their ends are not known: an
-- old offline event is closed where it began, so no camera shows "offline since" from history).
INSERT INTO "events" ("workspace_id", "camera_id", "kind", "severity", "start_at", "end_at", "armed", "detail")
SELECT e."workspace_id", e."camera_id",
  CASE e."type" WHEN 'online' THEN 'camera.online' ELSE 'camera.offline' END,
  CASE e."type" WHEN 'online' THEN 'info' ELSE 'alert' END,
  e."at", e."at", false,
  CASE WHEN e."detail" IS NOT NULL THEN jsonb_build_object('error', e."detail") END
FROM "camera_events" e
WHERE e."type" IN ('online', 'offline') AND EXISTS (SELECT 1 FROM "cameras" c WHERE c."id" = e."camera_id");--> statement-breakpoint
DROP TABLE "camera_events" CASCADE;
