import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { billingKeys, portfolioKeys } from '@folioforge/shared';
import { starterPortfolio } from '@folioforge/templates';
import { contentOf } from '../templates/templateCatalog';
import type { PortfolioRow } from '../portfolios/portfolioApi';
import { installTestRuntimeConfig } from '../testing/editorTestKit';
import { exportPortfolio, PublishError, publishPortfolio } from './publishApi';
import { PublishPanel } from './PublishPanel';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));
jest.mock('./publishApi', () => ({
  ...jest.requireActual<object>('./publishApi'),
  publishPortfolio: jest.fn(),
  exportPortfolio: jest.fn(),
  isSlugAvailable: jest.fn(async () => true),
  fetchPlanFeatures: jest.fn(async () => ({ customizedLook: false, brandKit: false })),
}));

const USER = 'user-1';
const row: PortfolioRow = {
  id: 'portfolio-1',
  ownerId: USER,
  templateId: '3',
  title: 'Mine',
  data: starterPortfolio(contentOf('3').sample, { name: 'Meera', email: 'meera@example.com' }),
  published: false,
  slug: null,
  look: {},
  version: 1,
  createdAt: '2026-12-01T00:00:00Z',
  updatedAt: '2026-12-01T00:00:00Z',
};
const NOT_BOUGHT = {
  plan: null,
  plan_expires_at: null,
  templates: [],
  remove_branding: false,
  customized_look: false,
  brand_kit: false,
  priority_care: false,
};

let queryClient: QueryClient;

beforeEach(() => {
  installTestRuntimeConfig();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(portfolioKeys.one(USER, row.id), row);
  queryClient.setQueryData(billingKeys.entitlements(USER), NOT_BOUGHT);
});
afterEach(() => {
  jest.clearAllMocks();
});

function renderPanel() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PublishPanel userId={USER} portfolioId={row.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Publish' });
}

/** What the panel shows between its buttons and the next part (Look of your page), in order. */
function underTheButtons(panel: HTMLElement): string[] {
  const form = panel.querySelector('form')!;
  const texts: string[] = [];
  for (let next = form.nextElementSibling; next && !next.matches('fieldset, section, [aria-labelledby]'); next = next.nextElementSibling)
    if (next.textContent?.trim()) texts.push(next.textContent.trim());
  return texts;
}

test('Publish refused for want of a purchase says so right under the buttons, with the way to buy', async () => {
  jest.mocked(publishPortfolio).mockRejectedValueOnce(new PublishError('Publishing this template needs a purchase or a plan.', 403));
  const panel = renderPanel();
  await userEvent.click(await within(panel).findByRole('button', { name: 'Publish' }));
  const alert = await within(panel).findByRole('alert');
  expect(alert).toHaveTextContent('Publishing this template needs a purchase or a plan.');
  expect(within(alert).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  expect(underTheButtons(panel)[0]).toMatch(/^Publishing this template needs a purchase or a plan\./);
});

test('a refusal from before a purchase goes once the account holds the template', async () => {
  const refusal = 'Downloading the site of this template needs what publishing it needs: the template bought, or a plan.';
  jest.mocked(exportPortfolio).mockRejectedValueOnce(new PublishError(refusal, 403));
  const panel = renderPanel();
  await userEvent.click(within(panel).getByRole('button', { name: 'Download site (.zip)' }));
  expect(await within(panel).findByRole('alert')).toHaveTextContent(refusal);
  // What a finished checkout does, in whichever remote: the entitlements are read again.
  await act(async () => {
    queryClient.setQueryData(billingKeys.entitlements(USER), { ...NOT_BOUGHT, templates: [3] });
  });
  await waitFor(() => expect(within(panel).queryByRole('alert')).not.toBeInTheDocument());
  expect(panel).not.toHaveTextContent(refusal);
});
