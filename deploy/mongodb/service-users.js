// Runs once, when MongoDB initialises an empty volume (the image's /docker-entrypoint-initdb.d, as
// the root user). Each service gets its own user with readWrite on its own database only (issue 17):
// a service, or whoever takes it over, cannot read another service's data (svc-users' password
// hashes above all). The root user `dblearn` is for administration, never a service's MONGO_URL.
// An older volume (initialised before this file) skips it: run it once by hand, see README.
/* global db */
const serviceUsers = [
  { user: 'svc-users', database: 'dblearn_users', passwordVariable: 'MONGO_SVC_USERS_PASSWORD' },
  { user: 'svc-content', database: 'dblearn_content', passwordVariable: 'MONGO_SVC_CONTENT_PASSWORD' },
  { user: 'svc-community', database: 'dblearn_community', passwordVariable: 'MONGO_SVC_COMMUNITY_PASSWORD' },
];

for (const { user, database, passwordVariable } of serviceUsers) {
  const password = process.env[passwordVariable];
  if (!password) throw new Error(`${passwordVariable} is not set: the mongodb service needs it.`);
  const target = db.getSiblingDB(database);
  const roles = [{ role: 'readWrite', db: database }];
  if (target.getUser(user)) target.updateUser(user, { pwd: password, roles });
  else target.createUser({ user, pwd: password, roles });
}
