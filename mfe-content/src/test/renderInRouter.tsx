import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ROUTER_FUTURE } from '@folioforge/shared';

/** Shows where the router is, so a test can see that following a link arrived. */
function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

/**
 * Renders a screen at `path` in a memory router, as the shell would host it; any other path
 * shows only the current location, so tests can follow links out of the screen.
 */
export function renderInRouter(screen: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <Routes>
        <Route path={path} element={screen} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentPath />
    </MemoryRouter>,
  );
}
