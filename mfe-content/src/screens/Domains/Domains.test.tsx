import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen } from '@testing-library/react';
import { FREE_DOMAIN_ENDINGS, FREE_DOMAIN_MAX_PRICE_USD } from '@folioforge/shared';
import Domains from './Domains';
import { renderInRouter } from '../../test/renderInRouter';

test('explains the free domain from the same rules the server applies', () => {
  renderInRouter(<Domains />, '/domains');
  const which = screen.getByRole('region', { name: 'Which names are free' });
  for (const ending of FREE_DOMAIN_ENDINGS) expect(which).toHaveTextContent(`.${ending}`);
  expect(which).toHaveTextContent(`$${FREE_DOMAIN_MAX_PRICE_USD}`);
  expect(screen.getByRole('region', { name: 'Renewal and expiry' })).toHaveTextContent(/30 days before/);
  expect(screen.getByRole('region', { name: 'A domain you already own' })).toHaveTextContent(/TXT record/);
});
