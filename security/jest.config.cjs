module.exports = require('../jest.preset.cjs')({ dir: __dirname, testTimeout: 60_000 });
