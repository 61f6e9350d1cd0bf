-- Inside the lab's database (dblearn_lab), after lab-roles.sql; idempotent (docs/decisions/0028).
-- Nothing is granted to PUBLIC: dblearn_lab may connect, make temporary tables, and call
-- lab_admin.begin_attempt(), which gives it a fresh schema of its own inside the caller's transaction.
REVOKE ALL ON DATABASE dblearn_lab FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE dblearn_lab TO dblearn_lab;
GRANT CREATE ON DATABASE dblearn_lab TO dblearn_lab_owner;
REVOKE ALL ON SCHEMA public FROM PUBLIC;
CREATE SCHEMA IF NOT EXISTS lab_admin AUTHORIZATION dblearn_lab_owner;
REVOKE ALL ON SCHEMA lab_admin FROM PUBLIC;
GRANT USAGE ON SCHEMA lab_admin TO dblearn_lab;

-- Called first in every attempt's transaction; the attempt is always rolled back, so the schema is
-- never seen by another transaction and never outlives the attempt. A random name: two attempts
-- creating the same name would wait on each other's unique-index entry.
CREATE OR REPLACE FUNCTION lab_admin.begin_attempt() RETURNS text
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  copy_name text := 'attempt_' || replace(gen_random_uuid()::text, '-', '');
BEGIN
  EXECUTE format('CREATE SCHEMA %I', copy_name);
  EXECUTE format('GRANT USAGE, CREATE ON SCHEMA %I TO dblearn_lab', copy_name);
  RETURN copy_name;
END
$fn$;
ALTER FUNCTION lab_admin.begin_attempt() OWNER TO dblearn_lab_owner;
REVOKE ALL ON FUNCTION lab_admin.begin_attempt() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION lab_admin.begin_attempt() TO dblearn_lab;

-- What survives a rollback or reaches other sessions: settings by function (role, time limits),
-- notifications, advisory locks (one learner's lock would block another's), signalling or reading
-- other backends (every attempt logs in as dblearn_lab). File, program and large-object access is
-- superuser-only already.
DO $revoke$
DECLARE
  fn regprocedure;
BEGIN
  FOR fn IN
    SELECT p.oid::regprocedure FROM pg_catalog.pg_proc p
    WHERE p.pronamespace = 'pg_catalog'::regnamespace
      AND (p.proname ~ '^pg_(try_)?advisory_'
        OR p.proname IN ('set_config', 'pg_notify', 'pg_cancel_backend', 'pg_terminate_backend', 'pg_stat_get_activity'))
  LOOP
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', fn);
  END LOOP;
END
$revoke$;

-- Template schemas (docs/decisions/0042): dblearn_lab_author creates tpl_v_<hash> (read by
-- dblearn_lab) and tpl_h_<hash> (read by dblearn_lab_hidden) and owns them; neither learner role
-- may create anything outside its own attempt's schema or temporary tables.
GRANT CONNECT ON DATABASE dblearn_lab TO dblearn_lab_author;
GRANT CREATE ON DATABASE dblearn_lab TO dblearn_lab_author;
GRANT CONNECT, TEMPORARY ON DATABASE dblearn_lab TO dblearn_lab_hidden;
