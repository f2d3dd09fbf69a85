import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TemplatesCarousel from './TemplatesCarousel';
import { renderInRouter } from '../../../test/renderInRouter';

/** The slide a sighted or screen-reader user is shown: hidden slides are out of the accessibility tree. */
function shownSlideTitle(): string | null {
  return screen.getByRole('group').querySelector('h3')?.textContent ?? null;
}

function renderCarousel() {
  renderInRouter(<TemplatesCarousel />, '/home');
  return {
    previous: screen.getByRole('button', { name: 'Previous slide' }),
    next: screen.getByRole('button', { name: 'Next slide' }),
  };
}

test('starts on the personal slide with its description, picture and a USE NOW link', () => {
  renderCarousel();
  const slide = screen.getByRole('group', { name: '1 of 3' });
  expect(slide).toHaveAttribute('aria-roledescription', 'slide');
  expect(within(slide).getByRole('heading', { name: 'Personal Portfolio Website' })).toBeInTheDocument();
  expect(within(slide).getByText('Personal')).toBeInTheDocument();
  expect(within(slide).getByRole('img')).toHaveAccessibleName(/personal portfolio page/i);
  expect(within(slide).getByRole('link', { name: 'USE NOW' })).toHaveAttribute('href', '/templates');
  // Only the slide on show is exposed.
  expect(screen.getAllByRole('group')).toHaveLength(1);
});

test('the arrow buttons step through the three slides and wrap at both ends', async () => {
  const { previous, next } = renderCarousel();

  await userEvent.click(previous);
  expect(shownSlideTitle()).toBe('E-commerce Portfolio Website');
  expect(screen.getByRole('group', { name: '3 of 3' })).toHaveTextContent('Ecommerce Websites');

  await userEvent.click(next);
  expect(shownSlideTitle()).toBe('Personal Portfolio Website');
  await userEvent.click(next);
  expect(shownSlideTitle()).toBe('Professional Portfolio Website');
  expect(screen.getByRole('group', { name: '2 of 3' })).toHaveTextContent('Being professional');
  await userEvent.click(next);
  expect(shownSlideTitle()).toBe('E-commerce Portfolio Website');
  await userEvent.click(next);
  expect(shownSlideTitle()).toBe('Personal Portfolio Website');
});

test('ArrowLeft and ArrowRight step the slides while focus is in the carousel, wrapping both ways', async () => {
  const { next } = renderCarousel();
  next.focus();

  await userEvent.keyboard('{ArrowLeft}');
  expect(shownSlideTitle()).toBe('E-commerce Portfolio Website');
  await userEvent.keyboard('{ArrowRight}');
  expect(shownSlideTitle()).toBe('Personal Portfolio Website');
  await userEvent.keyboard('{ArrowRight}{ArrowRight}');
  expect(shownSlideTitle()).toBe('E-commerce Portfolio Website');
  await userEvent.keyboard('{ArrowRight}');
  expect(shownSlideTitle()).toBe('Personal Portfolio Website');
});

test('announces the slide on show in a polite live region', async () => {
  const { next } = renderCarousel();
  const announcement = screen.getByRole('status');
  expect(announcement).toHaveAttribute('aria-live', 'polite');
  expect(announcement).toHaveTextContent('Slide 1 of 3: Personal Portfolio Website');

  await userEvent.click(next);
  expect(announcement).toHaveTextContent('Slide 2 of 3: Professional Portfolio Website');
});

test("Tab reaches only the shown slide's USE NOW link, never a hidden one", async () => {
  renderCarousel();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveFocus();
  await userEvent.tab();
  expect(document.activeElement).toHaveTextContent('USE NOW');
  expect(document.activeElement?.closest('[aria-roledescription="slide"]')).toHaveAccessibleName('1 of 3');
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Next slide' })).toHaveFocus();
});

test('keeps keyboard focus on a visible slide when the focused slide moves away', async () => {
  renderCarousel();
  screen.getByRole('link', { name: 'USE NOW' }).focus();

  await userEvent.keyboard('{ArrowRight}');
  expect(shownSlideTitle()).toBe('Professional Portfolio Website');
  expect(screen.getByRole('group', { name: '2 of 3' })).toHaveFocus();
});

test('USE NOW takes the visitor to the template collection', async () => {
  const { next } = renderCarousel();
  await userEvent.click(next);
  await userEvent.click(screen.getByRole('link', { name: 'USE NOW' }));
  expect(screen.getByTestId('current-path')).toHaveTextContent('/templates');
});
