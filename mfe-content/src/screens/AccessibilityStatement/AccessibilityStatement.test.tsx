import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, within } from '@testing-library/react';
import AccessibilityStatement from './AccessibilityStatement';
import { renderInRouter } from '../../test/renderInRouter';

test('names the standard, the known limitations and a way to report a problem', () => {
  renderInRouter(<AccessibilityStatement />, '/accessibility-statement');
  expect(screen.getByRole('region', { name: 'The standard we work to' })).toHaveTextContent(/WCAG\) 2\.1 at level AA/);
  expect(within(screen.getByRole('region', { name: 'Known limitations' })).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  const feedback = screen.getByRole('region', { name: 'Tell us what does not work' });
  expect(within(feedback).getByRole('link', { name: 'write to us' })).toHaveAttribute('href', '/contact-us');
});
