/**
 * The page's SQL runner (sql.js in a worker), fetched on first use. Every caller (a lesson's Run, the
 * schema view) goes through this one import(): rspack builds a chunk per import() site, and two sites
 * whose parent chunks already hold different modules gave two copies of the runner.
 */
export const loadSqlRunner = () => import('./sql-runner.js');
