import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '@folioforge/shared';
import { applyDetails, starterPortfolio } from '@folioforge/templates';
import { draftsToOffer } from '../../drafts/carryDrafts';
import { DeviceDraftOffer } from '../../drafts/DeviceDraftOffer';
import { StartAccountPortfolio, OpenAccountPortfolio, type StartPlan } from '../../portfolios/AccountPortfolioGate';
import type { PortfolioRow } from '../../portfolios/portfolioApi';
import { withEditorQueries } from '../../portfolios/queries';
import { contentOf, defaultTitleFor, toTemplateId, type PortfolioTemplateId } from '../../templates/templateCatalog';
import { openDeviceDesign, selectedTemplateOf, startsNew } from './designOpening';
import { AccountTemplateEditor, DeviceTemplateEditor } from './TemplateEditor';
import { useOpeningKey } from '../useOpeningKey';
import styles from '../../editing/EditorScreen.module.scss';

const isTemplatePortfolio = (templateId: PortfolioTemplateId) => templateId !== 'generator';

/**
 * /design: a portfolio's form beside its live preview, with the template it is shown in. Signed out,
 * it edits drafts on this device: the template chosen on /templates continues its newest draft (or
 * starts one), else the last draft reopens, else template 1's sample. Signed in, it edits a portfolio
 * kept in the account, named by `?portfolio=<id>`.
 */
function Design() {
  const status = useAuthStore((state) => state.status);
  const userId = useAuthStore((state) => state.user?.id);
  const [params] = useSearchParams();
  const portfolioId = params.get('portfolio');
  const opening = useOpeningKey();

  if (status === 'loading') {
    return (
      <p role="status" className={styles.loading}>
        Opening the editor…
      </p>
    );
  }
  if (!userId) return portfolioId ? <LogInToOpen /> : <DeviceDesign key={opening} />;
  // A new navigation with something to open (Use Template, "Start a new one") starts over.
  return <AccountDesign key={portfolioId ? userId : `${userId}:${opening}`} userId={userId} portfolioId={portfolioId} />;
}

export default withEditorQueries(Design);

/** Drops the navigation state once used, so a reload does not put it back over edits. */
function useForgetSelection(used: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!used) return;
    const rest = { ...(location.state as Record<string, unknown>) };
    delete rest.selectedTemplate;
    delete rest.startNew;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length ? rest : null },
    );
    // Only at opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A visitor's /design: drafts on this device. */
function DeviceDesign() {
  const location = useLocation();
  const [opening] = useState(() => openDeviceDesign(location.state));
  useForgetSelection(Boolean(selectedTemplateOf(location.state)));
  return <DeviceTemplateEditor key={opening.draftId} opening={opening} />;
}

/** What a signed-in /design opens without `?portfolio=`: the chosen template's newest unpublished portfolio, or a new one. */
function planFor(locationState: unknown): StartPlan {
  const selected = selectedTemplateOf(locationState);
  const user = useAuthStore.getState().user;
  const account = { name: typeof user?.user_metadata?.name === 'string' ? user.user_metadata.name : '', email: user?.email ?? '' };
  const templateId = String(toTemplateId(selected?.id) ?? 1) as PortfolioTemplateId;
  const content = contentOf(templateId);
  const fresh = () => ({
    templateId,
    title: defaultTitleFor(account.name, templateId),
    data: applyDetails(starterPortfolio(content.sample, account), selected?.details ?? {}),
  });
  if (!selected) return { continues: (row: PortfolioRow) => isTemplatePortfolio(row.templateId), fresh };
  const hasDetails = Object.values(selected.details).some((value) => value?.trim());
  return {
    continues: (row: PortfolioRow) => row.templateId === templateId && !row.published,
    fresh,
    alwaysNew: hasDetails || startsNew(locationState),
  };
}

/** Signed in: the portfolio `?portfolio=` names, after offering what this device holds from before logging in. */
function AccountDesign({ userId, portfolioId }: { userId: string; portfolioId: string | null }) {
  const location = useLocation();
  // Without a portfolio to open, the device's drafts are answered first (one may become it).
  const [offering, setOffering] = useState(() => !portfolioId && !selectedTemplateOf(location.state) && draftsToOffer(userId).length > 0);
  const offerDone = useCallback(() => setOffering(false), []);
  const [plan] = useState(() => planFor(location.state));
  return (
    <>
      <DeviceDraftOffer userId={userId} openAfter onDone={offerDone} />
      {portfolioId ? (
        <OpenAccountPortfolio key={portfolioId} userId={userId} portfolioId={portfolioId} accepts={isTemplatePortfolio}>
          {(portfolio) => <AccountTemplateEditor key={portfolio.id} userId={userId} portfolio={portfolio} />}
        </OpenAccountPortfolio>
      ) : offering ? null : (
        <StartAccountPortfolio userId={userId} plan={plan} />
      )}
    </>
  );
}

function LogInToOpen() {
  const location = useLocation();
  return (
    <div className={styles.loading} role="status">
      <p>This portfolio is kept in an account. Log in to open it.</p>
      <Link to="/login" state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}>
        Log in
      </Link>
    </div>
  );
}
