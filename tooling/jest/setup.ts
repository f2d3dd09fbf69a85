import '@testing-library/jest-dom';
// Its matchers on `expect` from @jest/globals too, for every package's types (tooling/packageTypes.mjs checks one alone).
import '@testing-library/jest-dom/jest-globals';
import { queryClient } from '@folioforge/shared';

// Each test starts with an empty server-state cache, and a failed query fails at once
// (the app retries once after a second; tests assert the failure itself).
queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
afterEach(() => queryClient.clear());
