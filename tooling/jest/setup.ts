import '@testing-library/jest-dom';
// Its matchers on `expect` from @jest/globals too, for every package's types (tooling/packageTypes.mjs checks one alone).
import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
import { queryClient } from '@folioforge/shared';

// findBy… and waitFor wait 1 s by default: too short for a lazy module's first load on a busy 2-core
// machine. They return as soon as the element is there, so a passing test waits no longer.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts with an empty server-state cache, and a failed query fails at once
// (the app retries once after a second; tests assert the failure itself).
queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
afterEach(() => queryClient.clear());
