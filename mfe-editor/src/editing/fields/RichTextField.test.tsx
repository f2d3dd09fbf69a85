import { beforeAll, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageLinkChoice } from '@folioforge/templates';
import { PageLinkChoicesContext } from './pageLinks';
import { RichTextField } from './RichTextField';

// Tiptap takes seconds to load on a busy machine; what is measured here starts after.
beforeAll(async () => {
  await import('./RichTextEditor');
}, 60_000);

test('tabbing into a long field hands the focus from its text to the editor, never to the page', async () => {
  render(
    <form>
      <label>
        Email <input type="email" />
      </label>
      <RichTextField path="profile.description" label="Description" initialValue="<p>What I do</p>" onChange={() => undefined} />
    </form>,
  );
  await userEvent.click(screen.getByLabelText('Email'));
  // Where the focus is after every change to the page: a moment on <body> is what a screen reader says.
  const focusSeen: Element[] = [];
  const observer = new MutationObserver(() => focusSeen.push(document.activeElement ?? document.body));
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });

  await userEvent.tab();
  await screen.findByRole('toolbar', { name: 'Formatting for Description' });
  await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Description' })).toHaveLength(1));
  observer.disconnect();

  const editor = screen.getByRole('textbox', { name: 'Description' });
  expect(editor).toHaveAttribute('contenteditable', 'true');
  expect(editor).toHaveFocus();
  expect(focusSeen.length).toBeGreaterThan(0);
  expect(focusSeen.filter((element) => element === document.body)).toEqual([]);
}, 30_000);

/** A rich text field whose stored value is shown beside it, as the form holds it. */
function Stored({ blocks, choices }: { blocks?: 'post'; choices?: PageLinkChoice[] }) {
  const [value, setValue] = useState('');
  return (
    <PageLinkChoicesContext.Provider value={choices ?? null}>
      <RichTextField path="body" label="Text" initialValue="" blocks={blocks} onChange={(_path, next) => setValue(next)} />
      <output aria-label="Stored">{value}</output>
    </PageLinkChoicesContext.Provider>
  );
}

const stored = () => screen.getByRole('status', { name: 'Stored' }).textContent;

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('textbox', { name: 'Text' }));
  await screen.findByRole('toolbar', { name: 'Formatting for Text' });
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Text' })).toHaveAttribute('contenteditable', 'true'));
  // Tiptap's focus command puts the view's selection back a frame after the editor opens (frames run in
  // the order asked for): keys typed before that frame are lost, as no visitor types so soon.
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

test('a post’s body makes headings and code blocks from its toolbar', async () => {
  const user = userEvent.setup();
  render(<Stored blocks="post" />);
  await openEditor(user);
  await user.click(screen.getByRole('button', { name: 'Heading' }));
  await user.keyboard('Baking day{Enter}');
  await user.click(screen.getByRole('button', { name: 'Code block' }));
  await user.keyboard('flour = 500');
  expect(stored()).toBe('<h2>Baking day</h2><pre><code>flour = 500</code></pre>');
  for (const name of ['Subheading', 'Quote', 'Code', 'Bullets', 'Link']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
}, 30_000);

test('a section’s text keeps its smaller set: no headings or code, even typed as Markdown', async () => {
  const user = userEvent.setup();
  render(<Stored />);
  await openEditor(user);
  for (const name of ['Heading', 'Subheading', 'Quote', 'Code block', 'Code'])
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  await user.keyboard('## Baking day');
  expect(stored()).toBe('<p>## Baking day</p>');
}, 30_000);

test('a link in rich text chosen as a page of the site stores the page’s id, in the same tab', async () => {
  const user = userEvent.setup();
  const choices = [
    { href: 'page:home', title: 'Home' },
    { href: 'page:p1', title: 'Projects' },
    { href: 'page:blog', title: 'Blog' },
  ];
  render(<Stored choices={choices} />);
  await openEditor(user);
  await user.keyboard('See my work');
  await user.keyboard('{Control>}a{/Control}');
  await user.click(screen.getByRole('button', { name: 'Link' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Link leads to' }), 'Projects');
  expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Apply link' }));
  expect(stored()).toBe('<p><a href="page:p1">See my work</a></p>');
}, 30_000);
