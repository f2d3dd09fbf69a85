import { describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { definition } from './definition';
import { EcommercePage } from './EcommercePage';
import { PageMessagesProvider } from '../forms/PageMessageForm';
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
      within(screen.getByRole('navigation', { name: /sections$/ }))
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

  test('the drawer opens and closes by links (no script needed); in the preview by state, trapping focus', async () => {
    const user = userEvent.setup();
    render(<EcommercePage portfolio={portfolio} />);
    const open = screen.getByRole('link', { name: 'Open menu' });
    const layer = document.getElementById(open.getAttribute('href')?.slice(1) ?? '') as HTMLElement;
    expect(open).toHaveAttribute('aria-controls', layer.id);
    expect(layer).toHaveAttribute('data-open', 'false');
    const drawer = within(layer).getByRole('navigation', { name: 'Menu' });
    const links = within(drawer).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Home',
      'Baked by hand since 2016',
      'Good things, made daily',
      'Have Question In Mind? Let Us Help You',
    ]);
    // "Close menu" and the backdrop lead to the top bar: the drawer stops being the page's target.
    const close = within(layer).getByRole('link', { name: 'Close menu' });
    expect(close.getAttribute('href')).toBe(`#${screen.getByRole('banner').id}`);
    open.focus();
    await user.keyboard('{Enter}');
    expect(layer).toHaveAttribute('data-open', 'true');
    expect(close).toHaveFocus();
    // Shift+Tab from the first control wraps to the last link; Tab from the last wraps back.
    await user.tab({ shift: true });
    expect(links[links.length - 1]).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(layer).toHaveAttribute('data-open', 'false');
    expect(open).toHaveFocus();
    // Following a drawer link closes it.
    await user.keyboard('{Enter}');
    await user.click(within(drawer).getByRole('link', { name: 'Home' }));
    expect(layer).toHaveAttribute('data-open', 'false');
  });

  test('the question form posts to the page-message function on a published page, and is left out of an export', () => {
    const target = { action: 'https://project.example/functions/v1/page-message', portfolioId: 'p-1', slug: 'bakery' };
    const { unmount } = render(
      <PageMessagesProvider target={target}>
        <EcommercePage portfolio={portfolio} />
      </PageMessagesProvider>,
    );
    const form = screen.getByRole('form', { name: 'Have Question In Mind?' });
    expect(form).toHaveAttribute('action', target.action);
    expect(within(form).getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(within(form).getByLabelText('Message')).toBeRequired();
    // Order Now leads to the contact section that holds it.
    const orderNow = screen.getByRole('link', { name: 'Order Now' });
    expect(document.getElementById(orderNow.getAttribute('href')?.slice(1) ?? '')?.contains(form)).toBe(true);
    unmount();
    render(
      <PageMessagesProvider target="off">
        <EcommercePage portfolio={portfolio} />
      </PageMessagesProvider>,
    );
    expect(screen.queryByRole('form')).toBeNull();
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
