import { screen, within } from '@testing-library/react';
import { Footer } from './Footer';
import { renderAt } from '../../test/renderWithRouter';

test('the footer shows six columns of links, the description and the 2023 copyright', () => {
  renderAt([{ path: '*', element: <Footer /> }], '/home');
  const columns = ['Products', 'Solutions', 'Learn', 'Support', 'Company', 'About'];
  for (const title of columns) expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  const about = screen.getByRole('navigation', { name: 'About' });
  expect(within(about).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
  expect(within(screen.getByRole('navigation', { name: 'Products' })).getAllByRole('link')).toHaveLength(9);
  expect(within(screen.getByRole('navigation', { name: 'Solutions' })).getAllByRole('link')).toHaveLength(10);
  expect(screen.getByText(/create and showcase a professional portfolio/i)).toBeInTheDocument();
  expect(screen.getByText(/© 2023 FolioForge/)).toBeInTheDocument();
});
