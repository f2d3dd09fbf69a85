import { screen, within } from '@testing-library/react';
import { Footer } from './Footer';
import { FOOTER_COLUMNS } from './footerLinks';
import { SCREEN_ROUTES } from '../../routes';
import { renderAt } from '../../test/renderWithRouter';

test('the footer shows its columns of links, the description and the 2023 copyright', () => {
  renderAt([{ path: '*', element: <Footer /> }], '/home');
  for (const title of ['Products', 'Learn', 'About']) expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  const about = screen.getByRole('navigation', { name: 'About' });
  expect(within(about).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
  expect(within(about).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
  expect(within(about).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  expect(within(about).getByRole('link', { name: 'Accessibility Statement' })).toHaveAttribute('href', '/accessibility-statement');
  expect(screen.getByText(/create and showcase a professional portfolio/i)).toBeInTheDocument();
  expect(screen.getByText(/© 2023 FolioForge/)).toBeInTheDocument();
});

test('every footer link is a route of the app: none leads to the error screen', () => {
  const routes = new Set(SCREEN_ROUTES.map((route) => route.path));
  const targets = FOOTER_COLUMNS.flatMap((column) => column.links.map((link) => link.to));
  expect(targets.filter((to) => !routes.has(to))).toEqual([]);
  expect(new Set(targets).size).toBe(targets.length);
});
