-- The audit log is append-only (issue #30; audit/README in audit/index.ts): rows are written
-- with the change they record and never edited or removed, whoever asks — the platform's own
-- code included. The database refuses it, so a bug, a hand-written query or a compromised
-- staff account cannot rewrite history; only a superuser who disables the triggers could, and
-- that leaves its own trace in the server's logs.
--
-- Applied at every start (db/routines.ts): a dropped trigger comes back with the next start.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
