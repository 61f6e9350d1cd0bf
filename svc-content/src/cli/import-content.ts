import 'reflect-metadata';
import { importContentCommand } from '../transfer/import-content.command.js';

// `npm run import-content -w svc-content -- file.json`
process.exitCode = await importContentCommand(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`import-content failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
