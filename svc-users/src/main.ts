import 'reflect-metadata';
import { bootstrapService } from '@dblearn/nest-common';
import { AppModule } from './app.module.js';
import { readUsersConfig } from './config/users-config.js';

try {
  const config = readUsersConfig();
  await bootstrapService(AppModule.forRoot(config), config);
} catch (error) {
  // One readable line (the config errors say which variable); the stack only for the unexpected.
  console.error(`svc-users could not start: ${error instanceof Error ? (error.name === 'ConfigError' ? error.message : error.stack) : String(error)}`);
  process.exit(1);
}
