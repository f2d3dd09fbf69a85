import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, getSupabase } from '@folioforge/shared';
import type { PortfolioTemplateId } from '../templates/templateCatalog';
import { editorPathFor } from './editorPaths';
import { createOnce } from './createOnce';
import { createPortfolio, listPortfolios, type NewPortfolio, type PortfolioRow } from './portfolioApi';
import { portfolioKeys } from './queries';
import { adoptRow } from './savedRows';
import { useOpenPortfolio, type OpenPortfolio } from './useOpenPortfolio';
import styles from './AccountPortfolioGate.module.scss';

export { editorPathFor };

interface OpenProps {
  userId: string;
  portfolioId: string;
  /** The screen this gate sits on edits these templates; another template's portfolio is sent to its screen. */
  accepts: (templateId: PortfolioTemplateId) => boolean;
  children: (portfolio: OpenPortfolio) => ReactNode;
}

/** Opens `?portfolio=<id>` (this device's copy against the account's row) and renders the editor for it. */
export function OpenAccountPortfolio({ userId, portfolioId, accepts, children }: OpenProps) {
  const state = useOpenPortfolio(userId, portfolioId);
  if (state.status === 'loading') {
    return (
      <p role="status" className={styles.message}>
        Opening your portfolio…
      </p>
    );
  }
  if (state.status === 'missing') {
    return (
      <div role="alert" className={styles.message}>
        <p>This portfolio could not be opened: {state.message}</p>
        <p>
          <Link to="/portfolios">Go to My portfolios</Link>
        </p>
      </div>
    );
  }
  const { templateId } = state.portfolio.opened;
  if (!accepts(templateId)) return <Navigate to={editorPathFor(templateId, portfolioId)} replace />;
  return <>{children(state.portfolio)}</>;
}

/** What a screen opens when no `?portfolio=` names one. */
export interface StartPlan {
  /** Continue the newest of the user's portfolios these match, if any. */
  continues: (row: PortfolioRow) => boolean;
  /** Otherwise, this one is made. */
  fresh: () => NewPortfolio;
  /** Make a new one even when there is one to continue (the details popup, "Start a new one"). */
  alwaysNew?: boolean;
}

interface StartProps {
  userId: string;
  plan: StartPlan;
}

/**
 * A signed-in user on the editor without `?portfolio=`: their newest portfolio that fits continues
 * (saying so, with a way to start a new one instead), or one is made; never two of them at once. The
 * URL then names it, so a reload or a shared link opens the same portfolio.
 */
export function StartAccountPortfolio({ userId, plan }: StartProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    // Replaces this entry and its navigation state: Back does not come here to make another one.
    const open = (row: PortfolioRow, continued: boolean) =>
      navigate(`${location.pathname}?portfolio=${encodeURIComponent(row.id)}`, {
        replace: true,
        state: continued ? { continued: true } : null,
      });
    void (async () => {
      try {
        if (!plan.alwaysNew) {
          const rows = await queryClient.fetchQuery({
            queryKey: portfolioKeys.list(userId),
            queryFn: () => listPortfolios(getSupabase(), userId),
            staleTime: 0,
          });
          const newest = rows.find(plan.continues);
          if (newest) {
            open(newest, true);
            return;
          }
        }
        const fresh = plan.fresh();
        const row = await createOnce(`${userId}:${location.pathname}:${fresh.templateId}`, () => createPortfolio(getSupabase(), fresh));
        adoptRow(queryClient, userId, row);
        open(row, false);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    })();
  }, [attempt, location.pathname, navigate, plan, queryClient, userId]);

  if (problem) {
    return (
      <div role="alert" className={styles.message}>
        <p>Your portfolio could not be opened: {problem}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setProblem(null);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className={styles.message}>
      Opening your portfolio…
    </p>
  );
}
