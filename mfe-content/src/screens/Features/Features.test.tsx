import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Features from './Features';
import { renderInRouter } from '../../test/renderInRouter';

test('lists all eight features, each explained in a paragraph', () => {
  renderInRouter(<Features />, '/features');
  expect(screen.getByRole('heading', { level: 1, name: 'Features' })).toBeInTheDocument();
  const items = screen.getAllByRole('listitem');
  expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
    'Responsive design',
    'Customizable templates',
    'Portfolio preview',
    'File upload support',
    'Rich text editing',
    'Image and PDF storage',
    'Template selection',
    'Dynamic content update',
  ]);
  for (const item of items) expect(item.querySelector('p')?.textContent?.length).toBeGreaterThan(100);
});

test('links into the product where the feature can be tried', async () => {
  renderInRouter(<Features />, '/features');
  const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
  expect(new Set(hrefs)).toEqual(new Set(['/templates', '/design', '/portfo']));

  await userEvent.click(screen.getByRole('link', { name: 'Upload in the generator' }));
  expect(screen.getByTestId('current-path')).toHaveTextContent('/portfo');
});
