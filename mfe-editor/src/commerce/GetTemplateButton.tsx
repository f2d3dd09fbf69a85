import { memo, useId, useMemo, useRef } from 'react';
import { Button, FederatedRegion, type TemplateId } from '@folioforge/shared';
import { useNearView } from '../editing/useNearView';
import { CHECKOUT_BUTTON_ID, loadCheckoutButton } from './loadCheckoutButton';
import styles from './GetTemplateButton.module.scss';

const loadCheckoutButtonModule = (_id: string, retry: boolean) => loadCheckoutButton({ retry });

const BUYING_UNAVAILABLE = 'Buying is unavailable right now';

interface GetTemplateButtonProps {
  templateId: TemplateId;
  /** 'Get Temp 1' …, from the template definition. */
  label: string;
}

/**
 * A template's Get button: the commerce remote's federated CheckoutButton. Until it loads, a
 * disabled button (busy while loading); when commerce is unreachable or throws, a disabled button,
 * the reason and a retry.
 * It sits below the editor's first screen, so commerce loads once the button is a screen away
 * (its remote and widget cost a phone ~300 ms of start-up). Memoised: typing in the form never
 * re-renders (or reloads) the widget.
 */
export const GetTemplateButton = memo(function GetTemplateButton({ templateId, label }: GetTemplateButtonProps) {
  const messageId = useId();
  const props = useMemo(() => ({ item: { itemType: 'template' as const, itemId: templateId }, label }), [templateId, label]);

  const slotRef = useRef<HTMLDivElement>(null);
  const near = useNearView(slotRef, '100% 0px');
  const name = `${label} (loading checkout)`;
  const loading = (
    <Button busy aria-label={name}>
      {label}
    </Button>
  );
  // Until the checkout is asked for, the same button without the spinner: a spinning icon that
  // waits for a scroll would redraw the page every frame while the visitor types above it.
  const waiting = (
    <Button disabled aria-label={name}>
      {label}
    </Button>
  );

  return (
    <div ref={slotRef} className={styles.slot}>
      {near ? (
        <FederatedRegion
          id={CHECKOUT_BUTTON_ID}
          load={loadCheckoutButtonModule}
          props={props}
          loading={loading}
          unavailable={(retry) => (
            <div className={styles.unavailable}>
              <Button disabled aria-describedby={messageId}>
                {label}
              </Button>
              <p id={messageId} role="status" className={styles.message}>
                {BUYING_UNAVAILABLE}.
              </p>
              <Button variant="secondary" onClick={retry}>
                Try again
              </Button>
            </div>
          )}
        />
      ) : (
        waiting
      )}
    </div>
  );
});
