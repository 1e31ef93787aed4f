-- Each serve process keeps the sessions it resolved (modules/auth/session-cache.ts). Whatever may
-- change what a session resolves to tells every process at once, on commit, so a revoked session,
-- a changed role, a removed member, a disabled account or a moved camera is never answered from
-- memory. Statement triggers: one notification per statement, and PostgreSQL folds identical
-- notifications of one transaction into one.
CREATE OR REPLACE FUNCTION vigil_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vigil_sessions', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION vigil_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION vigil_session_changed();
--> statement-breakpoint
CREATE TRIGGER workspaces_session_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspaces" FOR EACH STATEMENT EXECUTE FUNCTION vigil_session_changed();
--> statement-breakpoint
CREATE TRIGGER memberships_session_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION vigil_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_two_factor_session_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_two_factor" FOR EACH STATEMENT EXECUTE FUNCTION vigil_session_changed();
--> statement-breakpoint
-- A membership limited to sites reaches the cameras in them: a camera added, removed or moved between sites changes it.
CREATE TRIGGER cameras_session_changed AFTER INSERT OR DELETE OR TRUNCATE ON "cameras" FOR EACH STATEMENT EXECUTE FUNCTION vigil_session_changed();
--> statement-breakpoint
CREATE TRIGGER cameras_site_session_changed AFTER UPDATE OF "site_id", "workspace_id" ON "cameras" FOR EACH STATEMENT EXECUTE FUNCTION vigil_session_changed();
