#!/bin/sh
# The PostgreSQL lab's roles and database (docs/decisions/0028), run by the postgres image once, when
# its volume is first initialised (/docker-entrypoint-initdb.d), as the superuser of .env's
# POSTGRES_PASSWORD. The same SQL files `npm start` runs; svc-content logs in as dblearn_lab, as
# dblearn_lab_hidden (the same password) and as dblearn_lab_author (docs/decisions/0042).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -f /lab/lab-roles.sql -f /lab/lab-database.sql
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -v lab_password="$POSTGRES_LAB_PASSWORD" -v author_password="$POSTGRES_AUTHOR_PASSWORD" <<'SQL'
ALTER ROLE dblearn_lab PASSWORD :'lab_password';
ALTER ROLE dblearn_lab_hidden PASSWORD :'lab_password';
ALTER ROLE dblearn_lab_author PASSWORD :'author_password';
SQL
