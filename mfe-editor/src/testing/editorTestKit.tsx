// Test helpers for the editor's screens: a router with a location probe, the runtime config the
// shell would have loaded, and object-URL stand-ins (jsdom has no URL.createObjectURL).
import type { ReactElement } from 'react';
import { render, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setRuntimeConfig, useAuthStore } from '@folioforge/shared';
import { testRuntimeConfig } from '@folioforge/shared/testing';

export const TEST_RUNTIME_CONFIG = testRuntimeConfig();

/** The runtime config the shell would have loaded, and a visitor who is signed out (the session is read). */
export function installTestRuntimeConfig(): void {
  setRuntimeConfig(TEST_RUNTIME_CONFIG);
  useAuthStore.setState({ status: 'signedOut', session: null, user: null });
}

/** The location the screen left behind (to check it cleared the navigation state). */
export const lastLocation: { current: ReturnType<typeof useLocation> | null } = { current: null };

function LocationProbe() {
  lastLocation.current = useLocation();
  return null;
}

/** Renders `element` at `path` (with a query string, if it has one). */
export function renderAt(path: string, element: ReactElement, state?: unknown) {
  const [pathname = path, search = ''] = path.split('?');
  return render(
    <MemoryRouter
      initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
    >
      <LocationProbe />
      <Routes>
        <Route path={pathname} element={<main>{element}</main>} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Installs counting stand-ins for URL.createObjectURL / revokeObjectURL. */
export function installObjectUrls() {
  let next = 0;
  const created: string[] = [];
  const revoked: string[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn(() => {
      next += 1;
      const url = `blob:http://localhost/object-${next}`;
      created.push(url);
      return url;
    }),
    revokeObjectURL: jest.fn((url: string) => {
      revoked.push(url);
    }),
  });
  return { created, revoked };
}

export function fileOf(name: string, type: string, content = 'x'): File {
  return new File([content], name, { type });
}

const LABELLED_TAGS = /^(BUTTON|METER|OUTPUT|PROGRESS|SELECT|TEXTAREA|INPUT)$/;

/** A label's text as getByLabelText reads it: without the text of the controls inside it. */
function labelText(node: Node): string {
  if (node instanceof HTMLElement && LABELLED_TAGS.test(node.tagName)) return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return Array.from(node.childNodes, labelText).join('');
}

/**
 * The field in `container` that its one <label> with exactly this text names, as a visitor finds it.
 * getByLabelText finds the same by asking every element for its labels, which jsdom answers by walking
 * the document for each: a third of the editor screen's tests went there. Anything but exactly one
 * such field goes to getByLabelText, which also reads aria-label and aria-labelledby, or fails.
 */
export function getFieldLabelled(container: HTMLElement, name: string): HTMLElement {
  const fields = Array.from(container.querySelectorAll('label'))
    .filter((label) => labelText(label).trim().replace(/\s+/g, ' ') === name)
    .map((label) => label.control)
    .filter((control): control is HTMLElement => control !== null && container.contains(control));
  return fields.length === 1 ? fields[0]! : within(container).getByLabelText(name);
}
