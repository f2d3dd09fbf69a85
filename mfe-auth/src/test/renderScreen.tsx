import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { ReactElement } from 'react';
import { ROUTER_FUTURE } from '@folioforge/shared';

/** Shows where the router went, with the navigation state it carried, for assertions. */
function Destination({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name} page</h1>
      <p data-testid="destination">{`${location.pathname}${location.search}${location.hash}`}</p>
      <pre data-testid="destination-state">{JSON.stringify(location.state ?? null)}</pre>
    </div>
  );
}

/** A path, or a location with navigation state, as memory routers take them. */
type InitialEntry = string | { pathname: string; search?: string; hash?: string; state?: unknown };

const DESTINATIONS = ['/home', '/pricing', '/design', '/templates', '/account', '/login', '/', '/register', '/forgot-password'];

/** Renders a screen at `path` inside a memory router with stand-in pages for where it may send the visitor. */
export function renderScreen(screen: ReactElement, at: InitialEntry, screenPath?: string) {
  const path = screenPath ?? (typeof at === 'string' ? at.split(/[?#]/)[0]! : at.pathname);
  const routes = [
    { path, element: screen },
    ...DESTINATIONS.filter((destination) => destination !== path).map((destination) => ({
      path: destination,
      element: <Destination name={destination} />,
    })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [at], future: ROUTER_FUTURE });
  return { router, ...render(<RouterProvider router={router} future={{ v7_startTransition: true }} />) };
}
