import { beforeAll, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
