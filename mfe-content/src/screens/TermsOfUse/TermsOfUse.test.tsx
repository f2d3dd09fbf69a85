import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen } from '@testing-library/react';
import { FREE_DOMAIN_MAX_PRICE_USD } from '@folioforge/shared';
import TermsOfUse from './TermsOfUse';
import { renderInRouter } from '../../test/renderInRouter';

test('covers content, purchases and the free domain, and links to the privacy policy', () => {
  renderInRouter(<TermsOfUse />, '/terms-of-use');
  expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Your content' })).toHaveTextContent(/stays yours/);
  expect(screen.getByRole('region', { name: 'Plans and template purchases' })).toHaveTextContent(
    /amount shown there is the amount charged/,
  );
  expect(screen.getByRole('region', { name: 'The free domain' })).toHaveTextContent(
    new RegExp(`one free domain-year per account per plan year.*\\$${FREE_DOMAIN_MAX_PRICE_USD}`),
  );
  expect(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute('href', '/privacy-policy');
});
