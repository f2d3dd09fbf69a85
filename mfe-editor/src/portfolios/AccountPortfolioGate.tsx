import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, getSupabase } from '@folioforge/shared';
import { writeAccountCopy } from '../drafts/accountCopies';
import { createPortfolio, listPortfolios, type NewPortfolio, type PortfolioTemplateId } from './portfolioApi';
import { portfolioKeys } from './queries';
import { useOpenPortfolio, type OpenPortfolio } from './useOpenPortfolio';
import styles from './AccountPortfolioGate.module.scss';

/** Where a portfolio of this template is edited. */
export function editorPathFor(templateId: PortfolioTemplateId, portfolioId: string): string {
  return `${templateId === 'generator' ? '/portfo' : '/design'}?portfolio=${encodeURIComponent(portfolioId)}`;
}

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
  if (!accepts(state.portfolio.templateId)) return <Navigate to={editorPathFor(state.portfolio.templateId, portfolioId)} replace />;
  return <>{children(state.portfolio)}</>;
}

interface StartProps {
  userId: string;
  /** A portfolio chosen on the way here (a template picked on /templates): made at once. */
  chosen: NewPortfolio | null;
  /** Which of the user's portfolios this screen reopens when none is chosen (the newest of these). */
  reopens: (templateId: PortfolioTemplateId) => boolean;
  /** Made when the user has none to reopen. */
  fallback: NewPortfolio;
}

/**
 * A signed-in user on the editor without `?portfolio=`: the template they picked becomes a new
 * portfolio in their account, or their newest one reopens, or a first one is made. The URL then
 * names it, so a reload or a shared link opens the same portfolio.
 */
export function StartAccountPortfolio({ userId, chosen, reopens, fallback }: StartProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // Once per attempt (StrictMode runs effects twice in development; creating twice would be a duplicate).
    if (started.current === attempt) return;
    started.current = attempt;
    // Replaces this entry and its navigation state: Back does not come here to make another one.
    const open = (id: string) => navigate(`${location.pathname}?portfolio=${encodeURIComponent(id)}`, { replace: true, state: null });
    const create = async (portfolio: NewPortfolio) => {
      const row = await createPortfolio(getSupabase(), portfolio);
      writeAccountCopy(userId, row.id, {
        templateId: row.templateId,
        title: row.title,
        baseVersion: row.version,
        data: row.data,
        files: {},
        dirty: false,
      });
      queryClient.setQueryData(portfolioKeys.one(userId, row.id), row);
      void queryClient.invalidateQueries({ queryKey: portfolioKeys.list(userId) });
      return row;
    };
    void (async () => {
      try {
        if (chosen) {
          const row = await create(chosen);
          open(row.id);
          return;
        }
        const newest = (
          await queryClient.fetchQuery({ queryKey: portfolioKeys.list(userId), queryFn: () => listPortfolios(getSupabase(), userId) })
        ).find((row) => reopens(row.templateId));
        const row = newest ?? (await create(fallback));
        open(row.id);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    })();
  }, [attempt, chosen, fallback, location.pathname, navigate, queryClient, reopens, userId]);

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
