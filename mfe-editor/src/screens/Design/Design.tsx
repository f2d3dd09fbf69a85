import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '@folioforge/shared';
import { draftEntryFromValues } from '../../drafts/draftValues';
import { draftsToOffer } from '../../drafts/deviceDrafts';
import { StartAccountPortfolio, OpenAccountPortfolio } from '../../portfolios/AccountPortfolioGate';
import { DeviceDraftOffer } from '../../portfolios/DeviceDraftOffer';
import type { NewPortfolio, PortfolioTemplateId } from '../../portfolios/portfolioApi';
import { withEditorQueries } from '../../portfolios/queries';
import { templateDefinition } from '../../templates/templateCatalog';
import { resolveDesignOpening, selectedTemplateOf, type DesignOpening } from './designOpening';
import { AccountTemplateEditor, TemplateEditor } from './TemplateEditor';
import styles from './Design.module.scss';

const isTemplatePortfolio = (templateId: PortfolioTemplateId) => templateId !== 'generator';

/**
 * /design: the chosen template's form beside its live preview. Signed out, the template comes from
 * `location.state.selectedTemplate`, else from the last draft on this device, else template 1's
 * sample. Signed in, it edits a portfolio kept in the account, named by `?portfolio=<id>`.
 */
function Design() {
  const status = useAuthStore((state) => state.status);
  const userId = useAuthStore((state) => state.user?.id);
  const [params] = useSearchParams();
  const portfolioId = params.get('portfolio');

  if (status === 'loading') {
    return (
      <p role="status" className={styles.notice}>
        Opening the editor…
      </p>
    );
  }
  if (!userId) return portfolioId ? <LogInToOpen /> : <DeviceDesign />;
  return <AccountDesign key={userId} userId={userId} portfolioId={portfolioId} />;
}

export default withEditorQueries(Design);

/** Drops `selectedTemplate` from the navigation state once used, so a reload does not put it back over edits. */
function useForgetSelection(used: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!used) return;
    const rest = { ...(location.state as Record<string, unknown>) };
    delete rest.selectedTemplate;
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
  const [opening] = useState(() => resolveDesignOpening(location.state));
  useForgetSelection(opening.source === 'navigation');
  return <TemplateEditor key={opening.templateId} opening={opening} />;
}

function newPortfolioFrom(opening: DesignOpening): NewPortfolio {
  const definition = templateDefinition(opening.templateId);
  return {
    templateId: String(definition.id) as PortfolioTemplateId,
    title: definition.name,
    data: draftEntryFromValues(definition.fields, definition.sampleValues, opening.values, {}).values,
  };
}

/** Signed in: the portfolio `?portfolio=` names, after offering what this device holds from before logging in. */
function AccountDesign({ userId, portfolioId }: { userId: string; portfolioId: string | null }) {
  const location = useLocation();
  // Without a portfolio to open, the device's drafts are answered first (one may become it).
  const [offering, setOffering] = useState(() => !portfolioId && !selectedTemplateOf(location.state) && draftsToOffer(userId).length > 0);
  const offerDone = useCallback(() => setOffering(false), []);
  return (
    <>
      <DeviceDraftOffer userId={userId} openAfter onDone={offerDone} />
      {portfolioId ? (
        <OpenAccountPortfolio key={portfolioId} userId={userId} portfolioId={portfolioId} accepts={isTemplatePortfolio}>
          {(portfolio) => <AccountTemplateEditor key={portfolio.id} userId={userId} portfolio={portfolio} />}
        </OpenAccountPortfolio>
      ) : offering ? null : (
        <StartDesign userId={userId} />
      )}
    </>
  );
}

/** Signed in without `?portfolio=`: a picked template becomes a new portfolio, else the newest one reopens. */
function StartDesign({ userId }: { userId: string }) {
  const location = useLocation();
  const [chosen] = useState(() => (selectedTemplateOf(location.state) ? newPortfolioFrom(resolveDesignOpening(location.state)) : null));
  const [fallback] = useState(() => newPortfolioFrom(resolveDesignOpening(null)));
  return <StartAccountPortfolio userId={userId} chosen={chosen} reopens={isTemplatePortfolio} fallback={fallback} />;
}

function LogInToOpen() {
  const location = useLocation();
  return (
    <div className={styles.notice} role="status">
      <p>This portfolio is kept in an account. Log in to open it.</p>
      <Link to="/login" state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}>
        Log in
      </Link>
    </div>
  );
}
