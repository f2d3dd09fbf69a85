import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { definition } from './definition';
import { PersonalPage, HEADER_SOLID_AFTER_PX } from './PersonalPage';
import { missingValues, withWebFiles } from '../testing/portfolioShown';
import type { Portfolio } from '../model';

const portfolio = withWebFiles(definition.sample);
const { profile } = portfolio;
const PortfolioLayoutOne = ({ values }: { values: Portfolio }) => <PersonalPage portfolio={values} />;
const values = portfolio;

describe('PersonalPage', () => {
  test("shows the whole sample with the spec's words", () => {
    const { container } = render(<PortfolioLayoutOne values={values} />);
    expect(missingValues(container, portfolio)).toEqual([]);
    expect(screen.getByText("Hey there I'm")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /My Resume/ })).toHaveAttribute('href', profile.resume);
    expect(screen.getByRole('link', { name: /My Resume/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: profile.phone })).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByRole('link', { name: profile.email })).toHaveAttribute('href', `mailto:${profile.email}`);
    expect(screen.getByRole('link', { name: 'Click here to View more of my projects from Github' })).toHaveAttribute(
      'href',
      'https://github.com/aarav-mehta-sample',
    );
    const socials = screen.getByRole('list', { name: 'Connect With me on' });
    expect(
      within(socials)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Facebook', 'Instagram', 'Twitter', 'GitHub', 'LinkedIn']);
    expect(screen.getAllByText(/^Project [12]$/)).toHaveLength(2);
    expect(screen.getAllByText('Click here to view the project')).toHaveLength(2);
  });

  test("without a resume there is no My Resume button (never a stranger's sample)", () => {
    render(<PortfolioLayoutOne values={{ ...values, profile: { ...profile, resume: '' } }} />);
    expect(screen.queryByRole('link', { name: /My Resume/ })).toBeNull();
  });

  test('the menu opens and closes by links to itself (no script needed), and by state in the preview', async () => {
    const user = userEvent.setup();
    render(<PortfolioLayoutOne values={values} />);
    const open = screen.getByRole('link', { name: 'Open menu' });
    const menu = document.getElementById(open.getAttribute('href')?.slice(1) ?? '') as HTMLElement;
    expect(open).toHaveAttribute('aria-controls', menu.id);
    expect(menu).toHaveAttribute('data-open', 'false');
    // "Close menu" leads to the menu bar, so the menu stops being the page's target.
    const close = within(menu).getByRole('link', { name: 'Close menu' });
    expect(document.getElementById(close.getAttribute('href')?.slice(1) ?? '')).toBe(
      screen.getByRole('navigation', { name: 'Portfolio sections' }),
    );
    await user.click(open);
    expect(menu).toHaveAttribute('data-open', 'true');
    await user.click(close);
    expect(menu).toHaveAttribute('data-open', 'false');
    await user.click(open);
    // Following a menu link closes the menu again.
    await user.click(within(menu).getByRole('link', { name: 'About' }));
    expect(menu).toHaveAttribute('data-open', 'false');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Close menu', 'Home', 'Projects', 'Education', 'About']);
  });

  describe('scrolling', () => {
    let frames: FrameRequestCallback[];
    let scrollY: number;
    beforeEach(() => {
      frames = [];
      scrollY = 900;
      Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
      window.scrollTo = jest.fn((_x: number, y: number) => {
        scrollY = y;
      }) as unknown as typeof window.scrollTo;
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
      jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    });
    afterEach(() => {
      jest.restoreAllMocks();
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    });
    const runFrame = (time: number) =>
      act(() => {
        frames.shift()?.(time);
      });

    test('the header turns solid after scrolling (color flag)', () => {
      scrollY = 0;
      const { container } = render(<PortfolioLayoutOne values={values} />);
      const header = container.querySelector('header');
      expect(header).toHaveAttribute('data-color', 'clear');
      scrollY = HEADER_SOLID_AFTER_PX + 10;
      fireEvent.scroll(window);
      expect(header).toHaveAttribute('data-color', 'solid');
    });

    test('clicking the name scrolls to the top over 500 ms with requestAnimationFrame', () => {
      render(<PortfolioLayoutOne values={values} />);
      fireEvent.click(screen.getByRole('button', { name: /Aarav Mehta/ }));
      runFrame(1000);
      expect(scrollY).toBe(900);
      runFrame(1250);
      expect(scrollY).toBeGreaterThan(0);
      expect(scrollY).toBeLessThan(900);
      runFrame(1500);
      expect(scrollY).toBe(0);
      expect(frames).toHaveLength(0);
    });

    test('jumps straight to the top when the visitor prefers reduced motion', () => {
      window.matchMedia = jest.fn(() => ({ matches: true }) as MediaQueryList) as unknown as typeof window.matchMedia;
      render(<PortfolioLayoutOne values={values} />);
      fireEvent.click(screen.getByRole('button', { name: /Aarav Mehta/ }));
      expect(scrollY).toBe(0);
      expect(frames).toHaveLength(0);
      (window as { matchMedia?: unknown }).matchMedia = undefined;
    });
  });

  test('unsafe visitor links render as text', () => {
    const projects = values.sections[0]!;
    const unsafe: Portfolio = {
      ...values,
      socials: [
        { id: 'github', network: 'GitHub', url: 'javascript:alert(2)' },
        { id: 'facebook', network: 'Facebook', url: 'javascript:alert(3)' },
      ],
      sections: [
        {
          ...projects,
          items: [{ ...projects.items[0]!, url: 'javascript:alert(1)' }, projects.items[1]!],
        } as Portfolio['sections'][number],
      ],
    };
    render(<PortfolioLayoutOne values={unsafe} />);
    expect(screen.getAllByRole('link', { name: /Click here to view the project/ })).toHaveLength(1);
    expect(screen.getByText('Click here to View more of my projects from Github').tagName).toBe('SPAN');
    expect(screen.getByText('Facebook: javascript:alert(3)')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
