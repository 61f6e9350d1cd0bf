// jsdom-environment.cjs for suites that run msw/node (the remotes' component tests), with the two
// fixes msw documents for jsdom (mswjs/jest-fixed-jsdom does the same, but lends Node's fetch as it
// is, which cannot resolve '/api/…' against the page): packages resolve as in Node, since msw/node
// has no browser build, and the page has Node's BroadcastChannel, which msw's ws API builds on load.
const BrowserLikeEnvironment = require('./jsdom-environment.cjs');

class MswEnvironment extends BrowserLikeEnvironment {
  constructor(config, context) {
    super(config, context);
    // 'source' keeps reading the workspace libs from their TypeScript (jest.preset.cjs).
    this.customExportConditions = ['source'];
    this.global.BroadcastChannel = BroadcastChannel;
  }
}

module.exports = MswEnvironment;
