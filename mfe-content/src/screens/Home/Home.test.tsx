import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { accountDeletedState, ROUTER_FUTURE } from '@folioforge/shared';
import Home from './Home';
import { renderInRouter } from '../../test/renderInRouter';

/** The current history entry's state, as a reload would find it. */
function StateOf() {
  return <p data-testid="state">{JSON.stringify(useLocation().state ?? null)}</p>;
}

const EIGHT_FEATURES = [
  'Responsive design',
  'Customizable templates',
  'Portfolio preview',
  'File upload support',
  'Rich text editing',
  'Image and PDF storage',
  'Template selection',
  'Dynamic content update',
];

test('welcomes the visitor with the tagline and a Get Started link to the templates', async () => {
  renderInRouter(<Home />, '/home');
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to FolioForge' })).toBeInTheDocument();
  expect(screen.getByText(/create and showcase a professional portfolio with ease/i)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Get Started' }));
  expect(screen.getByTestId('current-path')).toHaveTextContent('/templates');
});

test('lists the eight features and Learn More leads to /features', async () => {
  renderInRouter(<Home />, '/home');
  const features = screen.getByRole('region', { name: 'Features' });
  const names = within(features)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
  expect(names).toEqual(EIGHT_FEATURES);

  await userEvent.click(within(features).getByRole('link', { name: 'Learn More' }));
  expect(screen.getByTestId('current-path')).toHaveTextContent('/features');
});

test('features portfolio generation with a link to the generator', async () => {
  renderInRouter(<Home />, '/home');
  const featured = screen.getByRole('region', { name: 'Portfolio generation' });
  expect(within(featured).getByText(/create and preview a professional portfolio/i)).toBeInTheDocument();

  await userEvent.click(within(featured).getByRole('link', { name: /portfolio generator/i }));
  expect(screen.getByTestId('current-path')).toHaveTextContent('/portfo');
});

test('has a testimonials section and the templates carousel', () => {
  renderInRouter(<Home />, '/home');
  expect(screen.getByRole('heading', { level: 2, name: 'Testimonials' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Templates' })).toHaveAttribute('aria-roledescription', 'carousel');
  expect(screen.getByRole('heading', { level: 3, name: 'Personal Portfolio Website' })).toBeInTheDocument();
});

test('arriving from a deleted account, it says so once, focused, and a reload does not repeat it', () => {
  const state = accountDeletedState('ada+🎨@example.com');
  const { unmount } = render(
    <MemoryRouter initialEntries={[{ pathname: '/home', state }]} future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/home" element={<Home />} />
      </Routes>
      <StateOf />
    </MemoryRouter>,
  );
  const message = screen.getByText('Your account is deleted. We sent a confirmation to ada+🎨@example.com.');
  expect(message).toHaveFocus();
  expect(screen.getAllByRole('status')).toContain(message.closest('[role="status"]'));
  // The navigation's state is dropped: the history entry a reload reads no longer tells of it.
  expect(screen.getByTestId('state')).toHaveTextContent('null');
  unmount();

  renderInRouter(<Home />, '/home');
  expect(screen.queryByText(/Your account is deleted/)).not.toBeInTheDocument();
});
