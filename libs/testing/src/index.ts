// @dblearn/testing: real servers for integration suites (DESIGN "Tests": real parts, never mocks).
export { startTestInfra, TEST_POSTGRES_CONNECT_TIMEOUT_MS, type TestInfra, type TestInfraOptions } from './test-infra.js';
export { uniqueDatabaseName } from './database-name.js';
export { NatsCaller } from './nats-caller.js';
export { routeCall, TEST_ADMIN } from './route-calls.js';
export { eventually } from './eventually.js';
export { ownTestProcess, spawnTestProcess, stopTestProcesses } from './test-processes.js';
export { ServiceProcess, SvcUsersProcess, type ServiceEnv } from './service-process.js';
export { filtersBeyondId, recordFilters, type SentFilter } from './record-filters.js';
// Re-exported for the suites that import their test kit from here.
export { buildProject } from '@dblearn/infra';
export { LARGE_CATALOGUE, outsideCatalogue, type CatalogueCourse, type CatalogueQuestion, type CatalogueShape } from './catalogue.js';
