import { afterEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RequireAuthWidget from './RequireAuth';
import { renderScreen } from '../../test/renderScreen';
import { resetAuthStore, signedInAs, signedOut } from '../../test/authFixtures';

afterEach(resetAuthStore);

const widget = (
  <RequireAuthWidget action="save your portfolio">
    <button type="button">Save portfolio</button>
  </RequireAuthWidget>
);

test('a user gets the action itself', () => {
  signedInAs();
  renderScreen(widget, '/design');
  expect(screen.getByRole('button', { name: 'Save portfolio' })).toBeInTheDocument();
});

test('nothing to press while the session is being read', () => {
  renderScreen(widget, '/design');
  expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('a visitor is asked to log in and sent to /login with this page to come back to', async () => {
  signedOut();
  renderScreen(widget, { pathname: '/design', state: { selectedTemplate: { id: 1 } } });
  expect(screen.getByRole('region', { name: 'Log in needed' })).toHaveTextContent('Log in to save your portfolio.');
  expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('heading', { name: '/login page' })).toBeInTheDocument();
  expect(screen.getByTestId('destination-state')).toHaveTextContent(
    '"from":{"pathname":"/design","search":"","hash":"","state":{"selectedTemplate":{"id":1}}}',
  );
});
