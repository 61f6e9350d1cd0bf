import 'reflect-metadata';
import { grantAdminCommand } from '../admin/grant-admin.command.js';

// `npm run grant-admin -w svc-users -- <email> [--revoke]`
process.exitCode = await grantAdminCommand(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`grant-admin failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
