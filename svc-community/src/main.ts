import 'reflect-metadata';
import { bootstrapService } from '@dblearn/nest-common';
import { AppModule } from './app.module.js';
import { readCommunityConfig } from './config/community-config.js';

try {
  const config = readCommunityConfig();
  await bootstrapService(AppModule.forRoot(config), config);
} catch (error) {
  // One readable line (the config errors say which variable); the stack only for the unexpected.
  console.error(`svc-community could not start: ${error instanceof Error ? (error.name === 'ConfigError' ? error.message : error.stack) : String(error)}`);
  process.exit(1);
}
