import { Link } from 'react-router-dom';
import { dateFormatter, Alert, Button, PLANS, formatBytes } from '@folioforge/shared';
import { useEntitlements, useStorageUse } from './accountData';
import styles from './Account.module.scss';

const dateFormat = dateFormatter('en-IN', { dateStyle: 'medium' });

/** /account's "Your plan": what the user's purchases grant now, each feature with its state. */
export function PlanSection({ userId }: { userId: string }) {
  const [entitlements, reloadEntitlements] = useEntitlements(userId);
  const [storage, reloadStorage] = useStorageUse(userId);

  if (entitlements.kind === 'loading' || storage.kind === 'loading') return <p role="status">Loading your plan…</p>;
  if (entitlements.kind === 'failed' || storage.kind === 'failed') {
    const message = entitlements.kind === 'failed' ? entitlements.message : storage.kind === 'failed' ? storage.message : '';
    return (
      <Alert tone="error">
        Your plan could not be loaded: {message}{' '}
        <Button
          variant="ghost"
          onClick={() => {
            reloadEntitlements();
            reloadStorage();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  const {
    plan,
    plan_expires_at: until,
    templates,
    remove_branding: removeBranding,
    customized_look: customizedLook,
    brand_kit: brandKit,
    priority_care: priorityCare,
  } = entitlements.value;
  const { bytes, files, quotaBytes } = storage.value;
  const planName = PLANS.find((candidate) => candidate.id === plan)?.name ?? plan;
  return (
    <dl className={styles.facts}>
      <dt>Plan</dt>
      <dd>
        {planName ? (
          `${planName}${until ? `, paid through ${dateFormat(until)}` : ''}`
        ) : (
          <>
            No plan — <Link to="/pricing">see the plans</Link>.
          </>
        )}
      </dd>
      <dt>Storage space</dt>
      <dd>
        {formatBytes(bytes)} {quotaBytes === undefined ? '' : `of ${formatBytes(quotaBytes)} `}used ({files}{' '}
        {files === 1 ? 'file' : 'files'})
      </dd>
      <dt>Branding on published pages</dt>
      <dd>{removeBranding ? 'Removed: your plan includes it.' : 'A small “Made with FolioForge” badge. Any plan removes it.'}</dd>
      <dt>Customer accounts</dt>
      <dd>
        {plan
          ? 'Included: your published pages take visitors’ emails; they are listed below.'
          : 'Any plan adds a sign-up form to your published pages.'}
      </dd>
      <dt>Custom domain</dt>
      <dd>{plan ? 'Included: add one under “Your domains”.' : 'Any plan shows your page at your own domain.'}</dd>
      <dt>Customized website</dt>
      <dd>
        {customizedLook
          ? 'Included: choose your page’s accent colour and font beside its Publish button.'
          : 'The Pro and Premium plans choose your page’s accent colour and font.'}
      </dd>
      <dt>Professional logo and social media logo files</dt>
      <dd>
        {brandKit
          ? 'Included: download them beside each portfolio’s Publish button.'
          : 'The Premium plan makes a logo and share images from your page.'}
      </dd>
      <dt>Customer care</dt>
      <dd>
        {priorityCare
          ? 'Priority: messages you send from Contact Us while logged in are marked priority.'
          : plan
            ? 'Included: messages you send from Contact Us while logged in carry your plan. Premium makes them priority.'
            : 'Write to us from Contact Us. The Premium plan makes your messages priority.'}
      </dd>
      <dt>Templates bought</dt>
      <dd>{templates.length > 0 ? templates.map((id) => `Template ${id}`).join(', ') : 'None yet'}</dd>
    </dl>
  );
}
