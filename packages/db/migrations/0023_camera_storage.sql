CREATE TABLE "camera_storage" (
	"camera_id" uuid PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_storage" ADD CONSTRAINT "camera_storage_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Custom SQL (hand-written): recordings keep camera_storage in step, once per statement, cameras
-- in id order (a retention batch and a recorder's write lock the rows in the same order).
CREATE FUNCTION camera_storage_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO camera_storage (camera_id, bytes)
    SELECT camera_id, sum(bytes) FROM new_rows GROUP BY camera_id ORDER BY camera_id
  ON CONFLICT (camera_id) DO UPDATE SET bytes = camera_storage.bytes + excluded.bytes;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION camera_storage_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO camera_storage (camera_id, bytes)
    SELECT camera_id, sum(delta) FROM (
      SELECT camera_id, bytes AS delta FROM new_rows
      UNION ALL SELECT camera_id, -bytes FROM old_rows
    ) d GROUP BY camera_id HAVING sum(delta) <> 0 ORDER BY camera_id
  ON CONFLICT (camera_id) DO UPDATE SET bytes = camera_storage.bytes + excluded.bytes;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION camera_storage_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A camera being deleted takes its row with it (cascade); the update then finds nothing.
  UPDATE camera_storage s SET bytes = s.bytes - d.bytes
    FROM (SELECT camera_id, sum(bytes) AS bytes FROM old_rows GROUP BY camera_id ORDER BY camera_id) d
    WHERE s.camera_id = d.camera_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recordings_storage_added AFTER INSERT ON recordings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION camera_storage_added();--> statement-breakpoint
CREATE TRIGGER recordings_storage_changed AFTER UPDATE ON recordings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION camera_storage_changed();--> statement-breakpoint
CREATE TRIGGER recordings_storage_removed AFTER DELETE ON recordings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION camera_storage_removed();--> statement-breakpoint
INSERT INTO camera_storage (camera_id, bytes)
  SELECT camera_id, sum(bytes) FROM recordings GROUP BY camera_id;
