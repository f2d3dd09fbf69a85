// jsdom without Node's fetch family; supabase-js, the router's data APIs and our loaders need them.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      ReadableStream,
      TextEncoder,
      TextDecoder,
      structuredClone,
      BroadcastChannel,
    });
  }
}
module.exports = JsdomWithFetch;
