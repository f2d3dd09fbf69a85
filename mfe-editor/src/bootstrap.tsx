import type { ReactElement } from 'react';
import { startStandalone } from '@folioforge/shared/standalone';
import Design from './screens/Design/Design';
import Generator from './screens/Generator/Generator';
import TemplateOnePage from './screens/TemplateOnePage/TemplateOnePage';
import TemplateTwoPage from './screens/TemplateTwoPage/TemplateTwoPage';
import Portfolios from './screens/Portfolios/Portfolios';

// The shell wraps every screen in <main>; alone on its dev server this remote does the same.
const inMain = (screen: ReactElement) => <main id="main">{screen}</main>;

// This remote alone on its dev server, with a minimal host (the shell is not needed).
void startStandalone('mfe-editor', [
  { path: '/design', element: inMain(<Design />) },
  { path: '/portfo', element: inMain(<Generator />) },
  { path: '/template1', element: inMain(<TemplateOnePage />) },
  { path: '/template2', element: inMain(<TemplateTwoPage />) },
  { path: '/portfolios', element: inMain(<Portfolios />) },
]);
