import '@testing-library/jest-dom';
import { queryClient } from '@folioforge/shared';

// Each test starts with an empty server-state cache, and a failed query fails at once
// (the app retries once after a second; tests assert the failure itself).
queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
afterEach(() => queryClient.clear());
