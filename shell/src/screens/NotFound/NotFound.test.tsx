import { screen } from '@testing-library/react';
import { NotFound } from './NotFound';
import { renderAt } from '../../test/renderWithRouter';

test('an unknown route shows the fallback with a way home', () => {
  renderAt([{ path: '*', element: <NotFound /> }], '/no-such-page');
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('There is no page at /no-such-page.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');
});
