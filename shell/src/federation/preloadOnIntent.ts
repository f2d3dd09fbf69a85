// A screen starts loading when the visitor shows they are about to open it (points at, touches or
// tabs to a link to it), not when they click: by the click it is usually there, and it draws at once
// instead of after "Loading…". Nothing loads for a page that is merely open.
import { SCREEN_ROUTES, type ScreenRoute } from '../routes';
import { clientNeedOf, preloadScreen } from './RemoteScreen';

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/** The route a link leads to, if it is one of this app's screens and not the one on screen. */
function routeOf(target: EventTarget | null): ScreenRoute | undefined {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return undefined;
  if (link.pathname === window.location.pathname) return undefined;
  return SCREEN_ROUTES.find((route) => route.path === link.pathname);
}

/** The visitor asked their browser to save data (a metered connection): only what they open loads. */
const savesData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** Listens on the whole document (links come from every remote); returns the way to stop. */
export function preloadScreensOnIntent(target: Document = document): () => void {
  const onIntent = (event: Event) => {
    if (savesData()) return;
    const route = routeOf(event.target);
    if (route) preloadScreen(route.remote, clientNeedOf(route));
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, { capture: true });
  };
}
