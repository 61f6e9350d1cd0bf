// Server-side only (class-validator): the browser reads the limits from the package root instead.
export * from './users.dto.js';
export * from './common.dto.js';
export * from './user-messages.dto.js';
export * from './content.dto.js';
export * from './community.dto.js';
export * from './community-messages.dto.js';
export * from './event.dto.js';
export * from './event-payloads.js';
export * from './validation-messages.js';
export * from './id-rule.js';
export * from './search.dto.js';
export * from './look-alikes.js';
export * from './practice.dto.js';
