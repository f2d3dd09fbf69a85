// A template added as a folder shows in the collection with no change here: until it has
// screenshots, its card shows the live preview, named as a picture and out of the tab order.
import { expect, jest, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Templates from '@folioforge/templates';
import type * as TemplatesTesting from '@folioforge/templates/testing';
import { designState, renderCollection } from './collectionTestKit';

jest.mock('@folioforge/templates', () => {
  const actual = jest.requireActual<typeof Templates>('@folioforge/templates');
  const { fifthTemplate } = jest.requireActual<typeof TemplatesTesting>('@folioforge/templates/testing');
  return { ...actual, TEMPLATES: [...actual.TEMPLATES, fifthTemplate] };
});

test('the fifth card shows name, use, price and its live preview, and opens /design for template 5', async () => {
  renderCollection();
  expect(screen.getAllByRole('article')).toHaveLength(5);
  const card = screen.getByRole('article', { name: 'Studio Page' });
  expect(within(card).getByText('Studio use')).toBeInTheDocument();
  expect(within(card).getByText('₹250.00')).toBeInTheDocument();
  const picture = within(card).getByRole('img', { name: 'Studio Page preview: the page with sample content' });
  expect(picture).toHaveTextContent('Clay and Kiln Studio');
  // Inert: the preview's own link is neither clickable nor in the tab order (jsdom cannot tell; browsers do).
  expect(picture.firstElementChild).toHaveAttribute('inert');

  await userEvent.click(within(card).getByRole('button', { name: 'Use Template' }));
  expect(designState()).toMatchObject({ id: 5 });
});
