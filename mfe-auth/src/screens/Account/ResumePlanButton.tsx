// Resuming a cancelled plan is a new subscription authorised in Razorpay's checkout: the commerce
// remote's federated CheckoutButton, loaded through this remote's own federation runtime (the shell
// registers its remotes on its own instance; a remote registers commerce itself, once).
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useMemo } from 'react';
import {
  Button,
  FEDERATED_WIDGETS,
  FederatedRegion,
  REMOTES,
  getRuntimeConfig,
  type CheckoutButtonProps,
  type FederatedModule,
  type PlanId,
} from '@folioforge/shared';

const CHECKOUT_BUTTON_ID = FEDERATED_WIDGETS.checkoutButton.id;
let registered = false;

async function loadCheckoutButton(_id: string, retry: boolean): Promise<FederatedModule<CheckoutButtonProps> | null> {
  if (!registered || retry) {
    // `force` drops what the runtime cached from a failed attempt.
    registerRemotes([{ name: REMOTES.commerce.name, entry: getRuntimeConfig().remotes.commerce }], { force: registered });
    registered = true;
  }
  return loadRemote<FederatedModule<CheckoutButtonProps>>(CHECKOUT_BUTTON_ID);
}

export function ResumePlanButton({ planId, label }: { planId: PlanId; label: string }) {
  const props = useMemo(() => ({ item: { itemType: 'plan' as const, itemId: planId }, label }), [planId, label]);
  return (
    <FederatedRegion
      id={CHECKOUT_BUTTON_ID}
      load={loadCheckoutButton}
      props={props}
      loading={<Button busy>{label}</Button>}
      unavailable={(retry) => (
        <p role="status">
          Resuming is unavailable right now.{' '}
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </p>
      )}
    />
  );
}
