// Two test files at once: test/nats-outage.spec.ts spends 30 s of its 36 waiting out a NATS outage
// (DESIGN "Faults"), and the other files finish beside it instead of after it.
module.exports = { ...require('../../jest.preset.cjs')({ dir: __dirname, testTimeout: 60_000 }), maxWorkers: 2 };
