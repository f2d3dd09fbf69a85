import { describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { definition } from './definition';
import { ProfessionalPage } from './ProfessionalPage';
import { missingValues, withWebFiles } from '../testing/portfolioShown';

const portfolio = withWebFiles(definition.sample);

describe('ProfessionalPage', () => {
  test('shows the whole sample, project addresses as plain text', () => {
    const { container } = render(<ProfessionalPage portfolio={portfolio} />);
    expect(missingValues(container, portfolio)).toEqual([]);
    expect(
      within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'About', 'Projects', 'Experience']);
    expect(screen.getByRole('heading', { name: 'About Me' })).toBeInTheDocument();
    const url = (portfolio.sections[0]!.items[0] as { url: string }).url;
    expect(screen.getByText(url).tagName).toBe('P');
    expect(screen.queryByRole('link', { name: url })).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo of Meera Iyer' })).toHaveAttribute('src', portfolio.profile.photo);
    expect(screen.getByText(/Made with FolioForge/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: /on social media/ })).getAllByRole('link')).toHaveLength(5);
  });

  test('starts light with a moon; the toggle flips to dark with a sun and back', async () => {
    const user = userEvent.setup();
    const { container } = render(<ProfessionalPage portfolio={portfolio} />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    const theme = () => container.querySelector('[data-theme]')?.getAttribute('data-theme');
    const icon = () => toggle.querySelector('svg')?.getAttribute('data-icon');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect([theme(), icon()]).toEqual(['light', 'moon']);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect([theme(), icon()]).toEqual(['dark', 'sun']);
    toggle.focus();
    await user.keyboard(' ');
    expect([theme(), icon()]).toEqual(['light', 'moon']);
  });

  test('unsafe links render as text', () => {
    render(<ProfessionalPage portfolio={{ ...portfolio, socials: [{ id: 'li', network: 'LinkedIn', url: 'javascript:alert(1)' }] }} />);
    expect(screen.getByText('LinkedIn: javascript:alert(1)')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
