import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HelpCenter from './HelpCenter';
import { renderInRouter } from '../../test/renderInRouter';

test('answers questions with links into the product', async () => {
  renderInRouter(<HelpCenter />, '/help-center');
  expect(screen.getByText('How do I delete my account?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Forgot password' }));
  expect(screen.getByTestId('current-path')).toHaveTextContent('/forgot-password');
});
