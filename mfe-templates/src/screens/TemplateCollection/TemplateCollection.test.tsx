import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEMPLATES } from '@folioforge/templates';
import { designState, renderCollection } from './collectionTestKit';

const card = (name: string) => screen.getByRole('article', { name });

describe('TemplateCollection', () => {
  test('shows four cards with three described pictures, name, use and price each', () => {
    renderCollection();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    const expected = [
      ['Personal Portfolio Template', 'Personal use', '₹100.00'],
      ['E-Commerce', 'Business use', '₹150.00'],
      ['Professional Portfolio Template', 'Professional use', '₹800.00'],
      ['E-commerce Portfolio Template', 'Commercial use', '₹100.00'],
    ];
    cards.forEach((article, index) => {
      const [name, use, price] = expected[index] as [string, string, string];
      expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent(name);
      expect(article).toHaveTextContent(use);
      expect(article).toHaveTextContent(price);
      const pictures = within(article).getAllByRole('img');
      expect(pictures).toHaveLength(3);
      for (const picture of pictures) expect(picture.getAttribute('alt')).toMatch(new RegExp(`^${name} preview: .+`));
      expect(within(article).getByRole('button', { name: 'Use Template' })).toBeInTheDocument();
      expect(within(article).getByRole('button', { name: 'Enter details' })).toBeInTheDocument();
    });
  });

  test("adds no landmark of its own: the shell's <main> holds the screen, so a page has one", () => {
    renderCollection();
    expect(screen.getByRole('heading', { level: 1, name: 'Template Collection' })).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  test.each(TEMPLATES.map((t) => [t.id, t.name] as const))('Use Template on %i opens /design with its id', async (id, name) => {
    const user = userEvent.setup();
    renderCollection();
    await user.click(within(card(name)).getByRole('button', { name: 'Use Template' }));
    expect(designState()).toEqual({ id });
  });

  test('Submit in the popup opens /design with the typed details', async () => {
    const user = userEvent.setup();
    renderCollection();
    await user.click(within(card('Personal Portfolio Template')).getByRole('button', { name: 'Enter details' }));
    const dialog = screen.getByRole('dialog', { name: 'Enter Details for Personal Portfolio Template' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    const typed: [string, string][] = [
      ['Name', 'Riya Sen'],
      ['Address', 'Salt Lake, Kolkata'],
      ['GitHub Address', 'https://github.com/riya'],
      ['LinkedIn Address', 'https://www.linkedin.com/in/riya'],
      ['Phone Number', '+91 90000 11111'],
      ['Email ID', 'riya@example.com'],
    ];
    for (const [label, value] of typed) await user.type(within(dialog).getByLabelText(label), value);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(designState()).toEqual({
      id: 1,
      details: {
        name: 'Riya Sen',
        address: 'Salt Lake, Kolkata',
        github: 'https://github.com/riya',
        linkedin: 'https://www.linkedin.com/in/riya',
        phone: '+91 90000 11111',
        email: 'riya@example.com',
      },
    });
  });

  test('every template takes every detail (each has a profile and social links)', async () => {
    const user = userEvent.setup();
    renderCollection();
    await user.click(within(card('E-Commerce')).getByRole('button', { name: 'Enter details' }));
    const dialog = screen.getByRole('dialog', { name: 'Enter Details for E-Commerce' });
    expect(within(dialog).getByLabelText('Address')).not.toHaveAccessibleDescription();
    await user.type(within(dialog).getByLabelText('Name'), 'Chai Corner');
    await user.type(within(dialog).getByLabelText('LinkedIn Address'), 'https://www.linkedin.com/company/chai');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(designState()).toEqual({
      id: 2,
      details: { name: 'Chai Corner', address: '', github: '', linkedin: 'https://www.linkedin.com/company/chai', phone: '', email: '' },
    });
  });

  test('Close and Escape close the popup, return focus, and keep what was typed', async () => {
    const user = userEvent.setup();
    renderCollection();
    const opener = within(card('Professional Portfolio Template')).getByRole('button', { name: 'Enter details' });
    await user.click(opener);
    await user.type(screen.getByLabelText('Name'), 'Meera');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Name')).toHaveValue('Meera');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Template Collection' })).toBeInTheDocument();
  });

  test('focus stays inside the popup', async () => {
    const user = userEvent.setup();
    renderCollection();
    await user.click(within(card('E-Commerce')).getByRole('button', { name: 'Enter details' }));
    const dialog = screen.getByRole('dialog');
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
  });
});

test("the first card's main picture, the page's largest paint, loads at once and first; the rest when near", () => {
  renderCollection();
  const pictures = screen.getAllByRole('article').map((article) => within(article).getAllByRole('img'));
  expect(pictures[0]![0]).toHaveAttribute('loading', 'eager');
  expect(pictures[0]![0]).toHaveAttribute('fetchpriority', 'high');
  for (const picture of pictures.flat().slice(1)) {
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).not.toHaveAttribute('fetchpriority');
  }
});
