import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageLinkChoice } from '@folioforge/templates';
import { LinkField } from './LinkField';
import { PageLinkChoicesContext } from './pageLinks';

const site = (projectsTitle = 'Projects'): PageLinkChoice[] => [
  { href: 'page:home', title: 'Home' },
  { href: 'page:p1', title: projectsTitle },
  { href: 'page:blog', title: 'Blog' },
];

/** The field as the editor holds it: the value it stores, shown beside it. */
function Harness({ start, choices }: { start: string; choices: PageLinkChoice[] }) {
  const [value, setValue] = useState(start);
  return (
    <PageLinkChoicesContext.Provider value={choices}>
      <LinkField
        path="section.s1.items.i1.url"
        label="Project 1 URL"
        initialValue={start}
        maxLength={500}
        value={value}
        onChange={(_path, next) => setValue(next)}
      />
      <output aria-label="Stored">{value}</output>
    </PageLinkChoicesContext.Provider>
  );
}

const leadsTo = () => screen.getByRole('combobox', { name: 'Project 1 URL leads to' });
const stored = () => screen.getByRole('status', { name: 'Stored' });

test('choosing a page of the site stores its id, and an address typed before comes back when chosen again', async () => {
  const user = userEvent.setup();
  render(<Harness start="" choices={site()} />);
  await user.type(screen.getByLabelText('Project 1 URL'), 'https://example.com/work');
  expect(stored()).toHaveTextContent('https://example.com/work');

  await user.selectOptions(leadsTo(), 'Projects');
  expect(stored()).toHaveTextContent(/^page:p1$/);
  expect(leadsTo()).toHaveDisplayValue('Projects');
  expect(leadsTo()).toHaveFocus();
  expect(screen.queryByRole('textbox', { name: 'Project 1 URL' })).not.toBeInTheDocument();

  await user.selectOptions(leadsTo(), 'An address');
  expect(stored()).toHaveTextContent('https://example.com/work');
  expect(screen.getByLabelText('Project 1 URL')).toHaveValue('https://example.com/work');
});

test('the chooser, a native select, offers Home, each page by title and the blog', () => {
  render(<Harness start="" choices={site()} />);
  expect(Array.from(leadsTo().querySelectorAll('option'), (option) => option.textContent)).toEqual([
    'An address',
    'Home',
    'Projects',
    'Blog',
  ]);
});

test('a link to a removed page is flagged until another page is chosen', async () => {
  const user = userEvent.setup();
  render(<Harness start="page:gone" choices={site()} />);
  expect(leadsTo()).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText(/page that was removed/)).toBeInTheDocument();

  await user.selectOptions(leadsTo(), 'Blog');
  expect(stored()).toHaveTextContent(/^page:blog$/);
  expect(leadsTo()).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByText(/page that was removed/)).not.toBeInTheDocument();
});

test('without the site’s pages around it, the field takes addresses only', () => {
  render(<LinkField path="profile.website" label="Website" initialValue="" maxLength={500} value="" onChange={() => undefined} />);
  expect(screen.getByLabelText('Website')).toBeInTheDocument();
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
});
