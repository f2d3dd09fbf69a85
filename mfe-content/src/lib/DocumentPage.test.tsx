import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, within } from '@testing-library/react';
import { DocumentPage } from './DocumentPage';
import { renderInRouter } from '../test/renderInRouter';

test('shows the title, the date, and contents that link to each section by its anchor', () => {
  renderInRouter(
    <DocumentPage
      title="Rules"
      updated="1 April 2026"
      summary={<p>In short.</p>}
      sections={[
        { id: 'first', heading: 'First things', body: <p>One.</p> },
        { id: 'second', heading: 'Second things', body: <p>Two.</p> },
      ]}
    />,
    '/rules',
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Rules' })).toBeInTheDocument();
  expect(screen.getByText('Last updated 1 April 2026')).toBeInTheDocument();
  const contents = within(screen.getByRole('navigation', { name: 'On this page' })).getAllByRole('link');
  expect(contents.map((link) => link.getAttribute('href'))).toEqual(['#first', '#second']);
  for (const link of contents) {
    const section = document.getElementById(link.getAttribute('href')!.slice(1));
    expect(section).toHaveAccessibleName(link.textContent!);
  }
});
