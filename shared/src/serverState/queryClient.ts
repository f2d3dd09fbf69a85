import { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/authStore';

/**
 * The page's one cache of server state (TanStack Query), shared by every remote through this
 * package's federation singleton, so the account page and My portfolios see the same rows.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Rows change only through this app's own mutations, which update or invalidate the cache.
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

// One user's rows are never shown to the next one who signs in on this page.
useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) queryClient.clear();
});
