import { describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { definition } from './definition';
import { EcommerceLayout } from './EcommerceLayout';
import { missingValues } from '../testing/valuesShown';

const values = definition.sampleValues;

describe('EcommerceLayout', () => {
  test('shows every sample value and every section', () => {
    const { container } = render(<EcommerceLayout values={values} />);
    expect(missingValues(container, definition, values)).toEqual([]);
    const topNav = screen.getByRole('navigation');
    expect(
      within(topNav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'About', 'Contact', 'Work']);
    expect(screen.getByRole('link', { name: 'Call And Book Now' })).toHaveAttribute('href', values.temp2contactlink);
    expect(screen.getByRole('link', { name: 'Order Now' })).toBeInTheDocument();
    expect(screen.getByText('What we offer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Have Question In Mind? Let Us Help You' })).toBeInTheDocument();
    const socials = screen.getByRole('list', { name: /on social media/ });
    expect(
      within(socials)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Twitter', 'LinkedIn', 'Facebook', 'Instagram']);
    expect(screen.getByRole('link', { name: 'hello@saffronandcrumb.example.com' })).toHaveAttribute('href', values.temp2contactlink);
  });

  test('an edit to the values appears in the preview', () => {
    const { rerender } = render(<EcommerceLayout values={values} />);
    rerender(<EcommerceLayout values={{ ...values, temp2highlightscontent2: 'Vegan brownies every Friday.' }} />);
    expect(screen.getByText('Vegan brownies every Friday.')).toBeInTheDocument();
  });

  test('the drawer opens and closes with the keyboard, traps focus and returns it', async () => {
    const user = userEvent.setup();
    render(<EcommerceLayout values={values} />);
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'About', 'Testimonials', 'Contact', 'Cart']);
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // Shift+Tab from the first control wraps to the last link; Tab from the last wraps back.
    await user.tab({ shift: true });
    expect(within(drawer).getByRole('link', { name: 'Cart' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton).toHaveFocus();

    // Enter on the close button closes too.
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton).toHaveFocus();

    // Following a drawer link closes it.
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'About' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Submit confirms in the page and offers the question by email', async () => {
    const user = userEvent.setup();
    render(<EcommerceLayout values={values} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Enter your email/);
    await user.type(screen.getByLabelText('Your email'), 'guest@example.com');
    await user.type(screen.getByLabelText('Your question (optional)'), 'Do you bake gluten-free bread?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! Saffron & Crumb Bakery will reply to guest@example.com.');
    const mail = screen.getByRole('link', { name: 'Send your question by email now' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:hello@saffronandcrumb\.example\.com\?subject=/);
    expect(decodeURIComponent(mail.getAttribute('href') ?? '')).toContain('Do you bake gluten-free bread?');
  });

  test('unsafe links render as text', () => {
    render(<EcommerceLayout values={{ ...values, temp2contactlink: 'javascript:alert(1)', temp2twitterlink: 'javascript:alert(2)' }} />);
    expect(screen.queryByRole('link', { name: 'Call And Book Now' })).toBeNull();
    expect(screen.getByText('Call And Book Now').tagName).toBe('SPAN');
    expect(screen.getByText('Twitter: javascript:alert(2)')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
