// A public page rendered ahead at build time (scripts/lib/prerender.mjs) arrives as an inert copy
// beside the app's root. While the copy shows, the app draws into the root off the page, so the
// document never holds both; whatever takes the copy's place — the live screen, the notice that it
// is unavailable, an error — swaps them before the browser paints.
import { useLayoutEffect } from 'react';

let heldRoot: HTMLElement | undefined;

const copyOnPage = () => document.getElementById('prerendered');

/** Called with the root before React renders into it: off the page while a copy shows. */
export function holdRootWhilePrerendered(root: HTMLElement): void {
  if (!copyOnPage()) return;
  root.remove();
  heldRoot = root;
}

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const controlsIn = (element: HTMLElement) => Array.from(element.querySelectorAll<FormControl>('input, textarea, select'));

/** What was entered into the copy's fields (by automation or a browser without `inert`), by position. */
function enteredValues(copy: HTMLElement): Map<number, FormControl> {
  const entered = new Map<number, FormControl>();
  controlsIn(copy).forEach((control, index) => {
    const changed =
      control instanceof HTMLSelectElement
        ? Array.from(control.options).some((option) => option.selected !== option.defaultSelected)
        : control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
          ? control.checked !== control.defaultChecked
          : control.value !== control.defaultValue;
    if (changed) entered.set(index, control);
  });
  return entered;
}

/** Puts those values into the live fields the way typing would, so the screen's state has them too. */
function carryOver(entered: Map<number, FormControl>, root: HTMLElement): void {
  const live = controlsIn(root);
  for (const [index, from] of entered) {
    const to = live[index];
    if (!to || to.tagName !== from.tagName || ('type' in to && 'type' in from && to.type !== from.type)) continue;
    if (to instanceof HTMLInputElement && (to.type === 'checkbox' || to.type === 'radio')) {
      if (to.checked !== (from as HTMLInputElement).checked) to.click();
      continue;
    }
    // React listens through the native value setter's input event, not a plain assignment.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(to) as object, 'value')?.set;
    setter?.call(to, from.value);
    to.dispatchEvent(new Event(to instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

export function handOffPrerendered(): void {
  const copy = copyOnPage();
  if (!copy) return;
  const entered = enteredValues(copy);
  const root = heldRoot ?? document.getElementById('root');
  heldRoot = undefined;
  if (!root) {
    copy.remove();
    return;
  }
  copy.replaceWith(root);
  root.hidden = false;
  carryOver(entered, root);
}

/** Rendered beside what replaces the copy. */
export function PrerenderHandOff(): null {
  useLayoutEffect(handOffPrerendered, []);
  return null;
}
