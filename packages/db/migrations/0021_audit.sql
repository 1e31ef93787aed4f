CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"workspace_id" uuid,
	"actor_id" uuid,
	"actor_kind" text NOT NULL,
	"api_key_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_idx" ON "audit_log" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_log_workspace_idx" ON "audit_log" USING btree ("workspace_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
-- ── Custom SQL (issue 12, audit log): carry over when migrations are regenerated ──────────────
-- An entry's hash: SHA-256 (hex) of "v1", the previous entry's hash, the entry's fields and its
-- details as jsonb text (jsonb's own canonical form: keys sorted, one spelling per value), a line
-- each. The fields are joined by commas in a fixed order, every text one quoted (quote_literal /
-- quote_nullable: no two different rows give the same line), the time as epoch milliseconds.
-- Defined once, here: the append computes it as it inserts, and Verify recomputes it over the
-- stored rows without moving them out of PostgreSQL.
CREATE FUNCTION "audit_entry_hash"(
  prev text, chain text, seq bigint, at timestamptz, workspace_id uuid, actor_id uuid, actor_kind text,
  api_key_id uuid, action text, target_type text, target_id text, ip text, details jsonb
) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(convert_to(
    'v1' || chr(10) || prev || chr(10) ||
    concat_ws(',', quote_literal(chain), seq, (extract(epoch FROM at) * 1000)::bigint,
              coalesce(workspace_id::text, ''), coalesce(actor_id::text, ''), quote_literal(actor_kind),
              coalesce(api_key_id::text, ''), quote_literal(action), quote_nullable(target_type),
              quote_nullable(target_id), quote_nullable(ip)) ||
    chr(10) || details::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The log is append-only: UPDATE, DELETE and TRUNCATE are refused for everyone, the application
-- included. (A superuser can still bypass triggers with session_replication_role = replica;
-- that is what Verify's hash chain is there to reveal.)
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
