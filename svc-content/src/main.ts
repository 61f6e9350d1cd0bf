import 'reflect-metadata';
import { bootstrapService } from '@dblearn/nest-common';
import { AppModule } from './app.module.js';
import { readContentConfig } from './config/content-config.js';

try {
  const config = readContentConfig();
  await bootstrapService(AppModule.forRoot(config), config);
} catch (error) {
  // One readable line (the config errors say which variable); the stack only for the unexpected.
  console.error(`svc-content could not start: ${error instanceof Error ? (error.name === 'ConfigError' ? error.message : error.stack) : String(error)}`);
  process.exit(1);
}
