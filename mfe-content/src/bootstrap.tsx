import '@folioforge/shared/styles/global.scss';
import { startStandalone } from '@folioforge/shared/standalone';
import Home from './screens/Home/Home';
import Blog from './screens/Blog/Blog';
import ContactUs from './screens/ContactUs/ContactUs';
import Features from './screens/Features/Features';

// This remote alone on its dev server, with a minimal host (the shell is not needed).
// The shell brings the global styles when it hosts these screens; alone, we bring them.
void startStandalone('mfe-content', [
  { path: '/home', element: <Home /> },
  { path: '/blog', element: <Blog /> },
  { path: '/contact-us', element: <ContactUs /> },
  { path: '/features', element: <Features /> },
]);
