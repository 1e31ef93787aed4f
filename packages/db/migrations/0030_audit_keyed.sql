ALTER TABLE "audit_log" ADD COLUMN "hash_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- ── Custom SQL (keyed audit chain): carry over when migrations are regenerated ──────────────────
-- An entry's keyed hash (hash_version 2): HMAC-SHA256 (hex) of "v2", the previous entry's hash,
-- the entry's fields (as audit_entry_hash joins them) and its details as jsonb text, a line each.
-- The key is never stored here: the caller passes the HMAC's inner and outer pads (the chain key
-- padded to SHA-256's 64-byte block and xored with 0x36 and 0x5c, RFC 2104), so the database
-- computes HMAC(key, message) = SHA-256(opad || SHA-256(ipad || message)) without keeping any
-- secret, and a superuser without the key cannot re-hash an edited chain.
CREATE FUNCTION "audit_entry_hmac"(
  ipad bytea, opad bytea,
  prev text, chain text, seq bigint, at timestamptz, workspace_id uuid, actor_id uuid, actor_kind text,
  api_key_id uuid, action text, target_type text, target_id text, ip text, details jsonb
) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(opad || sha256(ipad || convert_to(
    'v2' || chr(10) || prev || chr(10) ||
    concat_ws(',', quote_literal(chain), seq, (extract(epoch FROM at) * 1000)::bigint,
              coalesce(workspace_id::text, ''), coalesce(actor_id::text, ''), quote_literal(actor_kind),
              coalesce(api_key_id::text, ''), quote_literal(action), quote_nullable(target_type),
              quote_nullable(target_id), quote_nullable(ip)) ||
    chr(10) || details::text, 'UTF8'))), 'hex')
$$;
