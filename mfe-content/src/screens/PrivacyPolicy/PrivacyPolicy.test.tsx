import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, within } from '@testing-library/react';
import PrivacyPolicy from './PrivacyPolicy';
import { renderInRouter } from '../../test/renderInRouter';

test('says what is stored, where and for how long', () => {
  renderInRouter(<PrivacyPolicy />, '/privacy-policy');
  const stored = screen.getByRole('region', { name: 'What we store, where, and for how long' });
  expect(stored).toHaveTextContent(/Mumbai, India/);
  for (const kind of ['Your account', 'Your portfolios and files', 'Published pages', 'Orders and payments', 'Technical logs', 'Backups'])
    expect(within(stored).getByText(kind)).toBeInTheDocument();
  expect(stored).toHaveTextContent(/deleted after 7 days/);
  expect(stored).toHaveTextContent(/never see or store your card number/);
});

test('names who processes payments and mail, and how to delete everything', () => {
  renderInRouter(<PrivacyPolicy />, '/privacy-policy');
  const processors = screen.getByRole('region', { name: 'Who processes your data for us' });
  for (const name of ['Supabase', 'Razorpay', 'EmailJS', 'Name.com']) expect(within(processors).getByText(name)).toBeInTheDocument();
  const deletion = screen.getByRole('region', { name: 'How to delete your data' });
  expect(within(deletion).getByRole('link', { name: 'your account page' })).toHaveAttribute('href', '/account');
  expect(deletion).toHaveTextContent(/Delete my account/);
});
