import { describe, expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { SafeLink } from './SafeLink';
import { isSafeAssetUrl, isSafeHref, mailtoHref, telHref } from './safeUrl';

describe('isSafeHref', () => {
  test.each(['https://example.com', 'http://example.com/a?b=c', 'mailto:a@example.com', 'tel:+919876543210', '  https://example.com  '])(
    'links %s',
    (url) => {
      expect(isSafeHref(url)).toBe(true);
    },
  );
  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    '/relative',
    'example.com',
    'https://',
    '',
    undefined,
    null,
  ])('refuses %p', (url) => {
    expect(isSafeHref(url)).toBe(false);
  });
});

test('isSafeAssetUrl takes web, blob and bundled paths but no script or data URLs', () => {
  expect(isSafeAssetUrl('blob:https://app.example.com/1')).toBe(true);
  expect(isSafeAssetUrl('/assets/a.svg')).toBe(true);
  expect(isSafeAssetUrl('https://cdn.example.com/a.png')).toBe(true);
  expect(isSafeAssetUrl('javascript:alert(1)')).toBe(false);
  expect(isSafeAssetUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBe(false);
});

test('tel and mailto hrefs', () => {
  expect(telHref('+91 98765 43210')).toBe('tel:+919876543210');
  expect(mailtoHref(' a@example.com ')).toBe('mailto:a@example.com');
  expect(mailtoHref('not an email')).toBe('');
});

describe('SafeLink', () => {
  test('renders a safe link, in a new tab without an opener when asked', () => {
    render(
      <SafeLink href="https://example.com" newTab>
        Site
      </SafeLink>,
    );
    const link = screen.getByRole('link', { name: 'Site' });
    expect(link).toHaveAttribute('href', 'https://example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('renders javascript: as plain text, never as a link', () => {
    const { container } = render(<SafeLink href="javascript:alert(1)">Click me</SafeLink>);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Click me').tagName).toBe('SPAN');
    expect(container.innerHTML).not.toContain('href');
  });

  test('renders a link to a page of the site (page:<id>) in the same tab, for the renderer to give its address', () => {
    render(
      <SafeLink href="page:k3x9q2m7ab" newTab>
        Projects
      </SafeLink>,
    );
    const link = screen.getByRole('link', { name: 'Projects' });
    expect(link).toHaveAttribute('href', 'page:k3x9q2m7ab');
    expect(link).not.toHaveAttribute('target');
    render(<SafeLink href="page:../../etc">Odd</SafeLink>);
    expect(screen.getByText('Odd').tagName).toBe('SPAN');
  });
});
