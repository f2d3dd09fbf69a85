import { render } from '@testing-library/react';
import { ROUTER_FUTURE } from '@folioforge/shared';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';

/** Renders routes at a path in memory, as the shell's router would in the browser. */
export function renderAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], future: ROUTER_FUTURE });
  return { router, ...render(<RouterProvider router={router} future={{ v7_startTransition: true }} />) };
}
