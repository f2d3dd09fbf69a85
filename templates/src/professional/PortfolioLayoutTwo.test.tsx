import { describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { definition } from './definition';
import { PortfolioLayoutTwo } from './PortfolioLayoutTwo';
import { missingValues, withDistinctFiles } from '../testing/valuesShown';

const values = withDistinctFiles(definition);

describe('PortfolioLayoutTwo', () => {
  test('shows every sample value, project URLs as plain text', () => {
    const { container } = render(<PortfolioLayoutTwo values={values} />);
    expect(missingValues(container, definition, values)).toEqual([]);
    expect(
      within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'About', 'Project']);
    expect(screen.getByRole('heading', { name: 'About Me' })).toBeInTheDocument();
    expect(screen.getByText(values.project1url as string).tagName).toBe('P');
    expect(screen.queryByRole('link', { name: values.project1url })).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo of Meera Iyer' })).toHaveAttribute('src', values.image);
    expect(screen.getByText(/Made with FolioForge/)).toBeInTheDocument();
    const socials = screen.getByRole('list', { name: /on social media/ });
    expect(within(socials).getAllByRole('link')).toHaveLength(5);
  });

  test('an edit to the values appears in the preview', () => {
    const { rerender } = render(<PortfolioLayoutTwo values={values} />);
    rerender(<PortfolioLayoutTwo values={{ ...values, about: 'I design for people first.' }} />);
    expect(screen.getByText('I design for people first.')).toBeInTheDocument();
  });

  test('starts light with a moon; the toggle flips to dark with a sun and back', async () => {
    const user = userEvent.setup();
    const { container } = render(<PortfolioLayoutTwo values={values} />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    const theme = () => container.querySelector('[data-theme]')?.getAttribute('data-theme');
    const icon = () => toggle.querySelector('svg')?.getAttribute('data-icon');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(theme()).toBe('light');
    expect(icon()).toBe('moon');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(theme()).toBe('dark');
    expect(icon()).toBe('sun');
    toggle.focus();
    await user.keyboard(' ');
    expect(theme()).toBe('light');
    expect(icon()).toBe('moon');
  });

  test('unsafe links render as text', () => {
    render(<PortfolioLayoutTwo values={{ ...values, linkedinlink: 'javascript:alert(1)' }} />);
    expect(screen.getByText('LinkedIn: javascript:alert(1)')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
