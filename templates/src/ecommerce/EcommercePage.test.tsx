import { describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { definition } from './definition';
import { EcommercePage } from './EcommercePage';
import { missingValues, withWebFiles } from '../testing/portfolioShown';
import type { Portfolio } from '../model';

const portfolio = withWebFiles(definition.sample);
const withContact = (url: string): Portfolio => ({
  ...portfolio,
  sections: portfolio.sections.map((section) =>
    section.kind === 'contact' ? { ...section, items: [{ ...section.items[0]!, url }] } : section,
  ) as Portfolio['sections'],
});

describe('EcommercePage', () => {
  test('shows the whole sample and a menu of its sections', () => {
    const { container } = render(<EcommercePage portfolio={portfolio} />);
    expect(missingValues(container, portfolio)).toEqual([]);
    expect(
      within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Baked by hand since 2016', 'Good things, made daily', 'Have Question In Mind? Let Us Help You']);
    // The top bar's button, and the contact section's own list of links.
    for (const link of screen.getAllByRole('link', { name: 'Call And Book Now' }))
      expect(link).toHaveAttribute('href', 'mailto:hello@saffronandcrumb.example.com');
    expect(screen.getByRole('link', { name: 'Order Now' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Have Question In Mind? Let Us Help You' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: /on social media/ }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Facebook', 'Instagram', 'Twitter', 'LinkedIn']);
    expect(screen.getByRole('link', { name: 'hello@saffronandcrumb.example.com' })).toHaveAttribute(
      'href',
      'mailto:hello@saffronandcrumb.example.com',
    );
  });

  test('the drawer opens and closes with the keyboard, traps focus and returns it', async () => {
    const user = userEvent.setup();
    render(<EcommercePage portfolio={portfolio} />);
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const links = within(drawer).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Home',
      'Baked by hand since 2016',
      'Good things, made daily',
      'Have Question In Mind? Let Us Help You',
    ]);
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // Shift+Tab from the first control wraps to the last link; Tab from the last wraps back.
    await user.tab({ shift: true });
    expect(links[links.length - 1]).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton).toHaveFocus();
    // Following a drawer link closes it.
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Home' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Submit confirms in the page and offers the question by email', async () => {
    const user = userEvent.setup();
    render(<EcommercePage portfolio={portfolio} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Enter your email/);
    await user.type(screen.getByLabelText('Your email'), 'guest@example.com');
    await user.type(screen.getByLabelText('Your question (optional)'), 'Do you bake gluten-free bread?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! We will reply to guest@example.com.');
    const mail = screen.getByRole('link', { name: 'Send your question by email now' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:hello@saffronandcrumb\.example\.com\?subject=/);
    expect(decodeURIComponent(mail.getAttribute('href') ?? '')).toContain('Do you bake gluten-free bread?');
  });

  test('unsafe links render as text', () => {
    render(
      <EcommercePage
        portfolio={{ ...withContact('javascript:alert(1)'), socials: [{ id: 't', network: 'Twitter', url: 'javascript:alert(2)' }] }}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Call And Book Now' })).toBeNull();
    expect(screen.getAllByText('Call And Book Now')[0]?.tagName).toBe('SPAN');
    expect(screen.getByText('Twitter: javascript:alert(2)')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
