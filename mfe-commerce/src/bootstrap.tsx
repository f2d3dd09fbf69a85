import { startStandalone } from '@folioforge/shared/standalone';
import Pricing from './screens/Pricing/Pricing';
import CheckoutDemo from './demo/CheckoutDemo';

// This remote alone on its dev server, with a minimal host (the shell is not needed).
void startStandalone('mfe-commerce', [
  { path: '/pricing', element: <Pricing /> },
  { path: '/checkout-demo', element: <CheckoutDemo /> },
]);
