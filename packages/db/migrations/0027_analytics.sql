CREATE TABLE "event_counts" (
	"workspace_id" uuid NOT NULL,
	"camera_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_counts_workspace_id_camera_id_bucket_kind_pk" PRIMARY KEY("workspace_id","camera_id","bucket","kind")
);
--> statement-breakpoint
CREATE TABLE "event_counts_daily" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"camera_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_counts_daily_workspace_id_day_camera_id_kind_pk" PRIMARY KEY("workspace_id","day","camera_id","kind")
);
--> statement-breakpoint
CREATE TABLE "event_counts_workspace" (
	"workspace_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_counts_workspace_workspace_id_bucket_kind_pk" PRIMARY KEY("workspace_id","bucket","kind")
);
--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_counts_daily" ADD CONSTRAINT "event_counts_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_counts_workspace" ADD CONSTRAINT "event_counts_workspace_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ── Custom SQL (issue 13, analytics): carry over when migrations are regenerated ──────────────
-- The three event_counts tables mirror events (decision 0010). Triggers keep them in the
-- transaction that writes the events, so every writer (the recorder, tests, a bulk load) is
-- counted and nothing lags. The statement-level triggers read transition tables: a bulk insert or
-- a camera's cascade delete is one aggregate per table, not a row at a time. Every writer touches
-- the tables in the same order and the rows in key order, so two writers never deadlock.
-- Outages (uptime): the offline events still open at, or ended after, a period's start, an open
-- one's end being infinity; a period is one range of this index, read without the table.
CREATE INDEX "events_outages_idx" ON "events" ("workspace_id", (coalesce("end_at", 'infinity'::timestamptz)))
  INCLUDE ("camera_id", "start_at", "end_at") WHERE "kind" = 'camera.offline';--> statement-breakpoint
-- The per-camera table's key carries the count, so a camera's range is read from the index alone
-- (its rows lie among every other camera's on the heap: one page per row otherwise).
ALTER TABLE "event_counts" DROP CONSTRAINT "event_counts_workspace_id_camera_id_bucket_kind_pk";--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_workspace_id_camera_id_bucket_kind_pk"
  PRIMARY KEY ("workspace_id", "camera_id", "bucket", "kind") INCLUDE ("n");--> statement-breakpoint
CREATE FUNCTION "event_counts_bucket"(t timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00')
$$;--> statement-breakpoint
CREATE FUNCTION "event_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_counts AS c (workspace_id, camera_id, bucket, kind, n)
  SELECT workspace_id, camera_id, event_counts_bucket(start_at), kind, count(*)
    FROM added WHERE camera_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (workspace_id, camera_id, bucket, kind) DO UPDATE SET n = c.n + excluded.n, updated_at = now();
  INSERT INTO event_counts_daily AS c (workspace_id, day, camera_id, kind, n)
  SELECT workspace_id, (start_at AT TIME ZONE 'UTC')::date, camera_id, kind, count(*)
    FROM added WHERE camera_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (workspace_id, day, camera_id, kind) DO UPDATE SET n = c.n + excluded.n, updated_at = now();
  INSERT INTO event_counts_workspace AS c (workspace_id, bucket, kind, n)
  SELECT workspace_id, event_counts_bucket(start_at), kind, count(*)
    FROM added WHERE camera_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (workspace_id, bucket, kind) DO UPDATE SET n = c.n + excluded.n, updated_at = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "event_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_counts c SET n = c.n - g.n, updated_at = now()
    FROM (SELECT workspace_id, camera_id, event_counts_bucket(start_at) AS bucket, kind, count(*) AS n
            FROM removed WHERE camera_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4) g
   WHERE (c.workspace_id, c.camera_id, c.bucket, c.kind) = (g.workspace_id, g.camera_id, g.bucket, g.kind);
  DELETE FROM event_counts c
   USING (SELECT DISTINCT workspace_id, camera_id, event_counts_bucket(start_at) AS bucket, kind
            FROM removed WHERE camera_id IS NOT NULL) g
   WHERE (c.workspace_id, c.camera_id, c.bucket, c.kind) = (g.workspace_id, g.camera_id, g.bucket, g.kind)
     AND c.n <= 0;
  UPDATE event_counts_daily c SET n = c.n - g.n, updated_at = now()
    FROM (SELECT workspace_id, (start_at AT TIME ZONE 'UTC')::date AS day, camera_id, kind, count(*) AS n
            FROM removed WHERE camera_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4) g
   WHERE (c.workspace_id, c.day, c.camera_id, c.kind) = (g.workspace_id, g.day, g.camera_id, g.kind);
  DELETE FROM event_counts_daily c
   USING (SELECT DISTINCT workspace_id, (start_at AT TIME ZONE 'UTC')::date AS day, camera_id, kind
            FROM removed WHERE camera_id IS NOT NULL) g
   WHERE (c.workspace_id, c.day, c.camera_id, c.kind) = (g.workspace_id, g.day, g.camera_id, g.kind)
     AND c.n <= 0;
  UPDATE event_counts_workspace c SET n = c.n - g.n, updated_at = now()
    FROM (SELECT workspace_id, event_counts_bucket(start_at) AS bucket, kind, count(*) AS n
            FROM removed WHERE camera_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) g
   WHERE (c.workspace_id, c.bucket, c.kind) = (g.workspace_id, g.bucket, g.kind);
  DELETE FROM event_counts_workspace c
   USING (SELECT DISTINCT workspace_id, event_counts_bucket(start_at) AS bucket, kind
            FROM removed WHERE camera_id IS NOT NULL) g
   WHERE (c.workspace_id, c.bucket, c.kind) = (g.workspace_id, g.bucket, g.kind)
     AND c.n <= 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- One event's counts moved by delta (+1, -1) in the three tables; rows that reach zero go.
CREATE FUNCTION "event_counts_bump"(ws uuid, cam uuid, k text, at timestamptz, delta int) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_counts AS c (workspace_id, camera_id, bucket, kind, n)
  VALUES (ws, cam, event_counts_bucket(at), k, delta)
  ON CONFLICT (workspace_id, camera_id, bucket, kind) DO UPDATE SET n = c.n + delta, updated_at = now();
  DELETE FROM event_counts WHERE (workspace_id, camera_id, bucket, kind) = (ws, cam, event_counts_bucket(at), k) AND n <= 0;
  INSERT INTO event_counts_daily AS c (workspace_id, day, camera_id, kind, n)
  VALUES (ws, (at AT TIME ZONE 'UTC')::date, cam, k, delta)
  ON CONFLICT (workspace_id, day, camera_id, kind) DO UPDATE SET n = c.n + delta, updated_at = now();
  DELETE FROM event_counts_daily WHERE (workspace_id, day, camera_id, kind) = (ws, (at AT TIME ZONE 'UTC')::date, cam, k) AND n <= 0;
  INSERT INTO event_counts_workspace AS c (workspace_id, bucket, kind, n)
  VALUES (ws, event_counts_bucket(at), k, delta)
  ON CONFLICT (workspace_id, bucket, kind) DO UPDATE SET n = c.n + delta, updated_at = now();
  DELETE FROM event_counts_workspace WHERE (workspace_id, bucket, kind) = (ws, event_counts_bucket(at), k) AND n <= 0;
END;
$$;--> statement-breakpoint
-- No code moves an event to another camera, kind or time; should anything ever, the counts follow.
CREATE FUNCTION "event_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.camera_id IS NOT NULL THEN
    PERFORM event_counts_bump(OLD.workspace_id, OLD.camera_id, OLD.kind, OLD.start_at, -1);
  END IF;
  IF NEW.camera_id IS NOT NULL THEN
    PERFORM event_counts_bump(NEW.workspace_id, NEW.camera_id, NEW.kind, NEW.start_at, 1);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "event_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE event_counts, event_counts_daily, event_counts_workspace;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "events_count_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_add"();--> statement-breakpoint
CREATE TRIGGER "events_count_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_remove"();--> statement-breakpoint
-- Acknowledging, notes, thumbnails and an event's end touch none of these columns: no trigger runs.
CREATE TRIGGER "events_count_update" AFTER UPDATE OF workspace_id, camera_id, kind, start_at ON "events"
  FOR EACH ROW WHEN (OLD.workspace_id IS DISTINCT FROM NEW.workspace_id OR OLD.camera_id IS DISTINCT FROM NEW.camera_id
    OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.start_at IS DISTINCT FROM NEW.start_at)
  EXECUTE FUNCTION "event_counts_move"();--> statement-breakpoint
CREATE TRIGGER "events_count_truncate" AFTER TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_clear"();--> statement-breakpoint
-- The events already there.
INSERT INTO event_counts (workspace_id, camera_id, bucket, kind, n)
SELECT workspace_id, camera_id, event_counts_bucket(start_at), kind, count(*)
  FROM events WHERE camera_id IS NOT NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO event_counts_daily (workspace_id, day, camera_id, kind, n)
SELECT workspace_id, day, camera_id, kind, sum(n) FROM (
  SELECT workspace_id, (bucket AT TIME ZONE 'UTC')::date AS day, camera_id, kind, n FROM event_counts) x
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO event_counts_workspace (workspace_id, bucket, kind, n)
SELECT workspace_id, bucket, kind, sum(n) FROM event_counts GROUP BY 1, 2, 3;
