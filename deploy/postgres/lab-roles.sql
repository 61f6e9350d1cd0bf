-- The PostgreSQL lab's roles (docs/decisions/0028). Run by a superuser on every start of `npm start`
-- and by the compose image's init script; idempotent. Passwords are set by the caller, never here.
--   dblearn_lab        svc-content logs in as it and learners' SQL runs as it: no rights beyond
--                      CONNECT/TEMPORARY on its database and the working copy each attempt is given.
--   dblearn_lab_owner  owns the function that makes those copies (it may create schemas); no login.
DO $roles$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'dblearn_lab_owner') THEN
    CREATE ROLE dblearn_lab_owner NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'dblearn_lab') THEN
    CREATE ROLE dblearn_lab LOGIN;
  END IF;
END
$roles$;
ALTER ROLE dblearn_lab_owner NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOLOGIN;
ALTER ROLE dblearn_lab NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS LOGIN NOINHERIT;
-- Template schemas (docs/decisions/0042): committed copies of each prepared sandbox script that
-- read-only attempts run on, instead of loading the script per attempt.
--   dblearn_lab_author  svc-content's second login (its own password): creates and drops the
--                       templates, which it owns. Learners' SQL never runs as it.
--   dblearn_lab_hidden  svc-content's third login (dblearn_lab's password): a learner's SQL in the
--                       hidden phase of a query check; it alone may read the hidden templates, so
--                       the visible phase and lesson runs (as dblearn_lab) cannot read hidden rows.
DO $template_roles$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'dblearn_lab_author') THEN
    CREATE ROLE dblearn_lab_author LOGIN;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'dblearn_lab_hidden') THEN
    CREATE ROLE dblearn_lab_hidden LOGIN;
  END IF;
END
$template_roles$;
ALTER ROLE dblearn_lab_author NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS LOGIN NOINHERIT;
ALTER ROLE dblearn_lab_hidden NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS LOGIN NOINHERIT;
ALTER ROLE dblearn_lab_author SET statement_timeout = '30s';
ALTER ROLE dblearn_lab_author SET lock_timeout = '5s';
ALTER ROLE dblearn_lab_author SET idle_in_transaction_session_timeout = '60s';
-- The lab's limits on both roles a learner's SQL runs as, written once so they cannot drift apart;
-- applied when svc-content logs in (the launcher also passes them to its own server as its config).
-- A learner can lower them; raising one is refused by the runner, and a run past its time limit loses
-- its connection whatever it set (svc-content postgres-lab).
DO $learner_limits$
DECLARE
  learner_role text;
BEGIN
  FOREACH learner_role IN ARRAY ARRAY['dblearn_lab', 'dblearn_lab_hidden'] LOOP
    EXECUTE format('ALTER ROLE %I SET statement_timeout = %L', learner_role, '2s');
    EXECUTE format('ALTER ROLE %I SET lock_timeout = %L', learner_role, '1s');
    EXECUTE format('ALTER ROLE %I SET idle_in_transaction_session_timeout = %L', learner_role, '10s');
    EXECUTE format('ALTER ROLE %I SET work_mem = %L', learner_role, '4MB');
    EXECUTE format('ALTER ROLE %I SET temp_file_limit = %L', learner_role, '64MB');
  END LOOP;
END
$learner_limits$;

-- The roles the GRANT/REVOKE lesson grants to (issue 32, "PostgreSQL in practice"; decision 0043).
-- NOLOGIN and given nothing here: a learner grants them rights on the tables of their own attempt
-- (owned by dblearn_lab), the checks read those rights with has_table_privilege and
-- has_column_privilege, and the attempt's rollback takes the grants away with the tables.
DO $lesson_roles$
DECLARE
  lesson_role text;
BEGIN
  FOREACH lesson_role IN ARRAY ARRAY['lab_analyst', 'lab_intern'] LOOP
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = lesson_role) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN', lesson_role);
    END IF;
    EXECUTE format('ALTER ROLE %I NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOLOGIN NOINHERIT', lesson_role);
  END LOOP;
END
$lesson_roles$;
