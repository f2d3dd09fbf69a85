import { startStandalone } from '@folioforge/shared/standalone';
import TemplateCollection from './screens/TemplateCollection/TemplateCollection';

// This remote alone on its dev server, with a minimal host (the shell is not needed).
void startStandalone('mfe-templates', [
  { path: '/templates', element: <TemplateCollection /> },
  // Where Use Template and the details popup lead; the editor remote owns the real screen.
  { path: '/design', element: <p>The design screen lives in mfe-editor.</p> },
]);
