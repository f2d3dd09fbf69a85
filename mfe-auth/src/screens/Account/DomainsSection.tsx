import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, domainProofRecord, getSupabase, invalidateDomains, invokeFunction } from '@folioforge/shared';
import { publishFunction } from '@folioforge/shared/functions';
import { useDomains, type DomainClaim, type PortfolioSummary } from './accountData';
import styles from './Account.module.scss';

/** Asks the publish function to check a domain's DNS proof, or to give the domain up. */
async function domainAction(action: 'verify-domain' | 'remove-domain', domain: string): Promise<{ verified?: boolean }> {
  if (action === 'verify-domain') return invokeFunction(publishFunction, { action, domain });
  await invokeFunction(publishFunction, { action, domain });
  return {};
}

/** Why adding a domain was refused, in words. */
function addProblem(error: { code?: string; message: string }): string {
  if (error.code === '42501') return 'Custom domains come with every plan: choose a plan first.';
  if (error.code === '23514') return 'Enter a domain like portfolio.example.com: lowercase, no https:// or path.';
  if (error.code === '23505') return 'You have added this domain already.';
  return error.message;
}

/**
 * /account's custom domains: add one for a published page, the DNS records to create, whether the
 * proof resolves ("Check now"), and removal. The site serves a proven domain with its page.
 */
export function DomainsSection({ userId, portfolios }: { userId: string; portfolios: readonly PortfolioSummary[] }) {
  const [domains, reload] = useDomains(userId);
  const client = useQueryClient();
  // A claim added, proven or removed changes what the free domain section shows too.
  const refresh = () => void invalidateDomains(client, userId);
  const [domain, setDomain] = useState('');
  const [portfolioId, setPortfolioId] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const domainId = useId();
  const pageId = useId();
  const chosen = portfolioId || portfolios[0]?.id || '';

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setBusy(true);
    const { error } = await getSupabase().from('custom_domains').insert({ domain: domain.trim().toLowerCase(), portfolio_id: chosen });
    setBusy(false);
    if (error) setProblem(addProblem(error));
    else {
      setDomain('');
      refresh();
    }
  };

  return (
    <>
      <p>
        Show one of your pages at your own domain. Custom domains come with every plan (<Link to="/pricing">see the plans</Link>).
      </p>
      {portfolios.length === 0 ? (
        <p>Make a portfolio first; its page can then have a domain.</p>
      ) : (
        <form className={styles.domainForm} onSubmit={(event) => void add(event)}>
          <label htmlFor={domainId}>Domain</label>
          <input
            id={domainId}
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            placeholder="portfolio.example.com"
            autoComplete="off"
            spellCheck={false}
            required
          />
          <label htmlFor={pageId}>Page</label>
          <select id={pageId} value={chosen} onChange={(event) => setPortfolioId(event.target.value)}>
            {portfolios.map((portfolio) => (
              <option key={portfolio.id} value={portfolio.id}>
                {portfolio.title || 'Untitled portfolio'}
                {portfolio.published && portfolio.slug ? ` (/p/${portfolio.slug})` : ' (not published)'}
              </option>
            ))}
          </select>
          <Button type="submit" busy={busy} disabled={!domain.trim()}>
            Add domain
          </Button>
        </form>
      )}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {domains.kind === 'failed' ? (
        <Alert tone="error">
          Your domains could not be loaded: {domains.message}{' '}
          <Button variant="ghost" onClick={reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {domains.kind === 'loaded' && domains.value.length > 0 ? (
        <ul className={styles.domainList} aria-label="Your domains">
          {domains.value.map((claim) => (
            <DomainItem key={claim.id} claim={claim} portfolios={portfolios} onChange={refresh} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function DomainItem({
  claim,
  portfolios,
  onChange,
}: {
  claim: DomainClaim;
  portfolios: readonly PortfolioSummary[];
  onChange: () => void;
}) {
  const [state, setState] = useState<{ busy?: 'check' | 'remove'; note?: string; problem?: string }>({});
  const record = domainProofRecord(claim.domain, claim.token);
  const page = portfolios.find((portfolio) => portfolio.id === claim.portfolio_id);

  const run = async (kind: 'check' | 'remove') => {
    setState({ busy: kind });
    try {
      const answer = await domainAction(kind === 'check' ? 'verify-domain' : 'remove-domain', claim.domain);
      setState({
        note:
          kind === 'remove'
            ? undefined
            : answer.verified
              ? 'Proven: the domain shows your page.'
              : 'The TXT record was not found yet. DNS changes can take a while; check again later.',
      });
      onChange();
    } catch (error) {
      setState({ problem: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <li className={styles.domainItem}>
      <p>
        <strong>{claim.domain}</strong> → {page ? page.title || 'Untitled portfolio' : 'a portfolio'}:{' '}
        {claim.verified_at
          ? page?.published
            ? 'proven, showing the page.'
            : 'proven; publish the page to show it.'
          : 'waiting for the DNS record.'}
      </p>
      {claim.verified_at ? null : (
        <dl className={styles.records}>
          <dt>Create this TXT record</dt>
          <dd>
            <code>{record.name}</code> with the value <code>{record.value}</code>
          </dd>
          <dt>And point the domain at FolioForge</dt>
          <dd>
            <code>{claim.domain}</code> CNAME <code>{window.location.hostname}</code>
          </dd>
        </dl>
      )}
      <div role="status">{state.note ? <p>{state.note}</p> : null}</div>
      {state.problem ? <Alert tone="error">{state.problem}</Alert> : null}
      <div className={styles.domainButtons}>
        {claim.verified_at ? null : (
          <Button variant="secondary" busy={state.busy === 'check'} onClick={() => void run('check')}>
            Check now
          </Button>
        )}
        <Button variant="ghost" busy={state.busy === 'remove'} onClick={() => void run('remove')} aria-label={`Remove ${claim.domain}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
