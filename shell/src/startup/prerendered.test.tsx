import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, expect, test } from '@jest/globals';
import { holdRootWhilePrerendered, PrerenderHandOff } from './prerendered';

// The roots here are made by hand (the shell's bootstrap does the same), not by testing-library.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** The page as the build wrote it: the copy (a read-only field) before the hidden root. */
function pageRenderedAhead() {
  document.body.innerHTML =
    '<div id="prerendered" inert><main><h1>Register</h1><input name="username" readonly></main></div><div id="root" hidden></div>';
  return document.getElementById('root')!;
}

function LiveScreen({ ready }: { ready: boolean }) {
  const [username, setUsername] = useState('');
  if (!ready) return <p>Loading…</p>;
  return (
    <main>
      <PrerenderHandOff />
      <h1>Register</h1>
      <input name="username" value={username} onChange={(event) => setUsername(event.target.value)} />
      <output>{username ? `Checking ${username}` : ''}</output>
    </main>
  );
}

test('the app draws off the page while the copy shows, then takes its place', async () => {
  const container = pageRenderedAhead();
  holdRootWhilePrerendered(container);
  expect(container.isConnected).toBe(false);
  const root = createRoot(container);

  await act(async () => root.render(<LiveScreen ready={false} />));
  // Loading: the document holds the copy alone, never both.
  expect(document.body.textContent).not.toContain('Loading…');
  expect(document.querySelectorAll('h1')).toHaveLength(1);

  await act(async () => root.render(<LiveScreen ready />));
  expect(document.getElementById('prerendered')).toBeNull();
  expect(container.isConnected).toBe(true);
  expect(container.hidden).toBe(false);
  expect(document.querySelectorAll('input[name="username"]')).toHaveLength(1);
  expect(document.querySelector('input[name="username"]')).not.toHaveAttribute('readonly');
  await act(async () => root.unmount());
});

test('without a copy on the page, the root stays where it is and nothing happens', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  const container = document.getElementById('root')!;
  holdRootWhilePrerendered(container);
  expect(container.isConnected).toBe(true);
  const root = createRoot(container);
  await act(async () => root.render(<LiveScreen ready />));
  expect(document.querySelector('input')).not.toBeNull();
  await act(async () => root.unmount());
});
