import { startStandalone } from '@folioforge/shared/src/standalone/startStandalone';
import Home from './screens/Home/Home';

// This remote alone on its dev server, with a minimal host (the shell is not needed).
void startStandalone('mfe-content', [{ path: '/home', element: <Home /> }]);
