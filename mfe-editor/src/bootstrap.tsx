import type { ReactElement } from 'react';
import { startStandalone } from '@folioforge/shared/standalone';
import Design from './screens/Design/Design';
import Generator from './screens/Generator/Generator';
import TemplatePage from './screens/TemplatePage/TemplatePage';
import Portfolios from './screens/Portfolios/Portfolios';

// The shell wraps every screen in <main>; alone on its dev server this remote does the same.
const inMain = (screen: ReactElement) => <main id="main">{screen}</main>;

// This remote alone on its dev server, with a minimal host (the shell is not needed).
void startStandalone('mfe-editor', [
  { path: '/design', element: inMain(<Design />) },
  { path: '/portfo', element: inMain(<Generator />) },
  { path: '/template1', element: inMain(<TemplatePage />) },
  { path: '/template2', element: inMain(<TemplatePage />) },
  { path: '/portfolios', element: inMain(<Portfolios />) },
]);
