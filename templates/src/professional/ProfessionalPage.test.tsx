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
    expect(screen.getByText(`© ${new Date().getFullYear()} Meera Iyer`)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: /on social media/ })).getAllByRole('link')).toHaveLength(5);
  });

  test("the theme toggle is a checkbox the page's CSS reads, named for what checking it does", async () => {
    const user = userEvent.setup();
    render(<ProfessionalPage portfolio={portfolio} />);
    // jsdom applies no media query: both names are in the markup; the CSS shows the one that applies.
    const toggle = screen.getByRole('checkbox', { name: /Dark mode/ });
    expect(toggle.closest('label')?.textContent).toBe('Dark modeLight mode');
    expect(toggle.closest('label')?.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(2);
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
  });

  test('unsafe links render as text', () => {
    render(<ProfessionalPage portfolio={{ ...portfolio, socials: [{ id: 'li', network: 'LinkedIn', url: 'javascript:alert(1)' }] }} />);
    expect(screen.getByText('LinkedIn: javascript:alert(1)')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
