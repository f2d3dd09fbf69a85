// The commerce remote's checkout button, loaded through this remote's own federation runtime.
// The shell registers its remotes on the shell's instance; a remote has its own, so it registers
// commerce itself, from the same runtime config, once.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { FEDERATED_WIDGETS, REMOTES, getRuntimeConfig, type CheckoutButtonProps, type FederatedModule } from '@folioforge/shared';

const COMMERCE_REMOTE = REMOTES.commerce.name;
export const CHECKOUT_BUTTON_ID = FEDERATED_WIDGETS.checkoutButton.id;

type CheckoutButtonModule = FederatedModule<CheckoutButtonProps>;

let registered = false;

/**
 * Loads the widget. `retry` re-registers the remote with `force`, which drops what the runtime
 * cached from a failed attempt (a dead manifest URL is otherwise remembered).
 */
export async function loadCheckoutButton({ retry = false } = {}): Promise<CheckoutButtonModule | null> {
  if (!registered || retry) {
    registerRemotes([{ name: COMMERCE_REMOTE, entry: getRuntimeConfig().remotes.commerce }], { force: registered });
    registered = true;
  }
  return loadRemote<CheckoutButtonModule>(CHECKOUT_BUTTON_ID);
}

/** Tests: forget the registration. */
export function resetCheckoutRegistrationForTests(): void {
  registered = false;
}
