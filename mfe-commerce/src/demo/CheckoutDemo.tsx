import { TEMPLATE_PRICES, type TemplateId } from '@folioforge/shared';
import CheckoutButton from '../widgets/CheckoutButton/CheckoutButton';

const TEMPLATE_IDS = Object.keys(TEMPLATE_PRICES).map(Number) as TemplateId[];

/** Standalone only: the button as the editor shows it, once per template, plus one plan. */
export default function CheckoutDemo() {
  return (
    <div style={{ padding: 24 }}>
      <h1>Checkout button demo</h1>
      <p>Each button is the federated mfe_commerce/CheckoutButton, as the editor renders it.</p>
      {TEMPLATE_IDS.map((templateId) => (
        <section key={templateId} aria-label={`Template ${templateId}`} style={{ marginBottom: 24 }}>
          <CheckoutButton item={{ itemType: 'template', itemId: templateId }} label={`Get Temp ${templateId}`} />
        </section>
      ))}
      <section aria-label="Plan">
        <CheckoutButton item={{ itemType: 'plan', itemId: 'pro' }} label="Choose Pro" />
      </section>
    </div>
  );
}
