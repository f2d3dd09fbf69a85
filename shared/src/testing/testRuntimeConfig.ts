import type { RuntimeConfig } from '../config/runtimeConfig';

/**
 * A complete /app-config.json for component tests, on the local ports; a test overrides what it
 * asserts on. Test-only: not exported from the package index, so no bundle carries it.
 */
export function testRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    supabaseUrl: 'http://localhost:54321',
    supabaseAnonKey: 'anon-key',
    razorpayKeyId: 'rzp_test_key',
    razorpayCheckoutUrl: 'http://localhost:54321/razorpay/v1/checkout.js',
    remotes: {
      auth: 'http://localhost:3001/mf-manifest.json',
      templates: 'http://localhost:3002/mf-manifest.json',
      editor: 'http://localhost:3003/mf-manifest.json',
      commerce: 'http://localhost:3004/mf-manifest.json',
      content: 'http://localhost:3005/mf-manifest.json',
    },
    ...overrides,
  };
}
