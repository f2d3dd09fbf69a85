import { lazy, memo, Suspense, useId, useMemo, useState } from 'react';
import { Button, RegionErrorBoundary, type TemplateId } from '@folioforge/shared';
import { loadCheckoutButton } from './loadCheckoutButton';
import styles from './GetTemplateButton.module.scss';

export const BUYING_UNAVAILABLE = 'Buying is unavailable right now';

export interface GetTemplateButtonProps {
  templateId: TemplateId;
  /** 'Get Temp 1' …, from the template definition. */
  label: string;
}

/**
 * A template's Get button: the commerce remote's federated CheckoutButton. While it loads, a busy
 * button; when commerce is unreachable or throws, a disabled button, the reason and a retry.
 * Memoised: typing in the form never re-renders (or reloads) the widget.
 */
export const GetTemplateButton = memo(function GetTemplateButton({ templateId, label }: GetTemplateButtonProps) {
  const [attempt, setAttempt] = useState(0);
  const messageId = useId();
  // A fresh lazy component per attempt: React.lazy remembers a rejection for good.
  const CheckoutButton = useMemo(() => lazy(() => loadCheckoutButton({ retry: attempt > 0 })), [attempt]);
  const item = useMemo(() => ({ itemType: 'template' as const, itemId: templateId }), [templateId]);

  const unavailable = (
    <div className={styles.unavailable}>
      <Button disabled aria-describedby={messageId}>
        {label}
      </Button>
      <p id={messageId} role="status" className={styles.message}>
        {BUYING_UNAVAILABLE}.
      </p>
      <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
        Try again
      </Button>
    </div>
  );

  return (
    <div className={styles.slot}>
      <RegionErrorBoundary key={attempt} region="mfe_commerce/CheckoutButton" fallback={unavailable}>
        <Suspense
          fallback={
            <Button busy aria-label={`${label} (loading checkout)`}>
              {label}
            </Button>
          }
        >
          <CheckoutButton item={item} label={label} />
        </Suspense>
      </RegionErrorBoundary>
    </div>
  );
});
