// Delete with Undo in My portfolios (issue 20): a published portfolio's page is taken down the moment
// Delete is chosen, the deletion itself goes through the publish function once Undo has passed (after
// the take-down answered), and Undo brings the portfolio back as an unpublished draft.
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SCHEMA_VERSION } from '@folioforge/templates';
import { deletePortfolio, unpublishPortfolio } from '../publishing/publishApi';
import type { PortfolioRow } from './portfolioApi';
import { portfolioKeys } from './queries';
import { UNDO_DELETE_MS, useDeleteWithUndo } from './mutations';

jest.mock('../publishing/publishApi', () => ({ deletePortfolio: jest.fn(), unpublishPortfolio: jest.fn() }));

const USER = 'user-1';
const row = (id: string, published: boolean): PortfolioRow => ({
  id,
  ownerId: USER,
  templateId: 'generator',
  title: `Portfolio ${id}`,
  data: { schemaVersion: SCHEMA_VERSION, profile: {}, socials: [], sections: [] } as unknown as PortfolioRow['data'],
  published,
  slug: published ? `page-${id}` : null,
  look: {},
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

function setup(rows: PortfolioRow[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  queryClient.setQueryData(portfolioKeys.list(USER), rows);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useDeleteWithUndo(USER), { wrapper });
  const listed = () => (queryClient.getQueryData<PortfolioRow[]>(portfolioKeys.list(USER)) ?? []).map((item) => item.id);
  return { hook, queryClient, listed };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.mocked(deletePortfolio).mockReset().mockResolvedValue(undefined);
  jest.mocked(unpublishPortfolio).mockReset().mockResolvedValue('page-a');
});
afterEach(() => jest.useRealTimers());

test('a published portfolio: its page goes down at once, the portfolio once Undo has passed', async () => {
  const { hook, listed } = setup([row('a', true), row('b', false)]);
  act(() => hook.result.current.deleteLater(row('a', true)));
  expect(listed()).toEqual(['b']);
  expect(unpublishPortfolio).toHaveBeenCalledWith('a');
  expect(deletePortfolio).not.toHaveBeenCalled();
  await waitFor(() => expect(hook.result.current.pending?.tookDown).toBe('taken-down'));
  await act(async () => {
    jest.advanceTimersByTime(UNDO_DELETE_MS);
  });
  await waitFor(() => expect(deletePortfolio).toHaveBeenCalledWith('a'));
  expect(hook.result.current.pending).toBeNull();
});

test('Undo brings a published portfolio back as an unpublished draft, and nothing is deleted', async () => {
  const { hook, queryClient } = setup([row('a', true)]);
  act(() => hook.result.current.deleteLater(row('a', true)));
  await waitFor(() => expect(hook.result.current.pending?.tookDown).toBe('taken-down'));
  act(() => hook.result.current.pending!.undo());
  const back = queryClient.getQueryData<PortfolioRow[]>(portfolioKeys.list(USER))!;
  expect(back.map(({ id, published, slug }) => ({ id, published, slug }))).toEqual([{ id: 'a', published: false, slug: null }]);
  await act(async () => {
    jest.advanceTimersByTime(UNDO_DELETE_MS * 2);
  });
  expect(deletePortfolio).not.toHaveBeenCalled();
});

test('a draft has no page to take down; a take-down that fails is said, and the deletion still waits for it', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { hook } = setup([row('c', false)]);
  act(() => hook.result.current.deleteLater(row('c', false)));
  expect(unpublishPortfolio).not.toHaveBeenCalled();
  expect(hook.result.current.pending?.tookDown).toBeUndefined();

  let failTakeDown: (error: Error) => void = () => undefined;
  jest.mocked(unpublishPortfolio).mockReturnValueOnce(new Promise((_resolve, reject) => (failTakeDown = reject)));
  act(() => hook.result.current.deleteLater(row('d', true)));
  expect(hook.result.current.pending?.tookDown).toBe('taking-down');
  await act(async () => failTakeDown(new Error('offline')));
  expect(hook.result.current.pending?.tookDown).toBe('failed');
  expect(warn).toHaveBeenCalled();

  let answerTakeDown: (slug: string) => void = () => undefined;
  jest.mocked(unpublishPortfolio).mockReturnValueOnce(new Promise((resolve) => (answerTakeDown = resolve)));
  act(() => hook.result.current.deleteLater(row('e', true)));
  await act(async () => {
    jest.advanceTimersByTime(UNDO_DELETE_MS);
  });
  expect(deletePortfolio).not.toHaveBeenCalledWith('e');
  await act(async () => answerTakeDown('page-e'));
  await waitFor(() => expect(deletePortfolio).toHaveBeenCalledWith('e'));
  warn.mockRestore();
});
