// jsdom leaves out what every browser and Node both have: fetch and its classes, web streams,
// TextEncoder. RTK Query and react-router need them, so this environment lends Node's own, and
// resolves relative URLs against the page as a browser does ('/api/auth' → http://localhost/api/auth).
const { TestEnvironment } = require('jest-environment-jsdom');

class BrowserLikeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global;
    const absolute = (input) => (typeof input === 'string' || input instanceof URL ? new URL(String(input), page.location.href) : input);

    class BrowserRequest extends Request {
      constructor(input, init) {
        super(absolute(input), init);
      }
    }

    Object.assign(page, {
      fetch: (input, init) => fetch(absolute(input), init),
      Request: BrowserRequest,
      Response,
      Headers,
      // undici accepts only its own AbortSignal, so the page uses Node's controller too.
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      WritableStream,
      TransformStream,
      structuredClone,
    });
  }
}

module.exports = BrowserLikeEnvironment;
