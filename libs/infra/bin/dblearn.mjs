#!/usr/bin/env node
// `npx dblearn <tools|build|start|test>`: the same launcher the root npm scripts run.
import '../dist/cli.js';
