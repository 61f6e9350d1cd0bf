#!/usr/bin/env node
import { eventsCommand } from './events-command.js';

// `npm run events -w svc-<service> -- parked|replay …` (each service's script passes its name first).
process.exitCode = await eventsCommand(process.argv.slice(2));
