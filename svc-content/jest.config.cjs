// Its suites under test/ start real servers and services: a busy box needs more than the default 30 s.
module.exports = require('../jest.preset.cjs')({ dir: __dirname, testTimeout: 60_000 });
