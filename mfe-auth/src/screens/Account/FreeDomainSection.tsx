import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  dateFormatter,
  Alert,
  Button,
  FREE_DOMAIN_MAX_PRICE_USD,
  REGISTRAR_NAME,
  TextField,
  domainCandidates,
  invalidateDomains,
  renewalClosesAt,
  renewalOpensAt,
  type DomainOffer,
} from '@folioforge/shared';
import { useDomains, type PortfolioSummary } from './accountData';
import {
  connectDomain,
  registerDomain,
  renewDomain,
  searchDomains,
  useFreeDomainAllowance,
  useRegistrations,
  type Registration,
} from './freeDomainData';
import styles from './FreeDomainSection.module.scss';

const formatDate = dateFormatter('en-IN', { dateStyle: 'medium' });
const usd = (amount: number | null) => (amount === null ? '' : `$${amount.toFixed(2)}`);
const pageTitle = (portfolio: PortfolioSummary | undefined) => portfolio?.title?.trim() || 'Untitled portfolio';

interface Registered {
  domain: string;
  url: string;
  until: string;
  page: PortfolioSummary | undefined;
}

function RegisteredNote({ registered }: { registered: Registered }) {
  return (
    <Alert tone="success">
      <strong>{registered.domain} is yours</strong> until {formatDate(registered.until)}.{' '}
      {registered.page?.published
        ? `It shows ${pageTitle(registered.page)}: new domains usually answer within a few minutes to a few hours.`
        : `It will show ${pageTitle(registered.page)} once you publish it.`}{' '}
      <a href={registered.url} target="_blank" rel="noreferrer">
        Open {registered.domain}
      </a>
    </Alert>
  );
}

/** A registration, renewal or move changes the domains and the allowance: read again so every part of the page agrees. */
function useRefreshDomains(userId: string) {
  const client = useQueryClient();
  return () => void invalidateDomains(client, userId);
}

/**
 * /account's free domain (every plan, one domain-year per plan year): the domains registered for the
 * user with their expiry and renewal, and a search to register one, connected to a page at once.
 */
export function FreeDomainSection({ userId, portfolios }: { userId: string; portfolios: readonly PortfolioSummary[] }) {
  const [registrations, reloadRegistrations] = useRegistrations(userId);
  const [allowance, reloadAllowance] = useFreeDomainAllowance(userId);
  const [claims] = useDomains(userId);
  const refresh = useRefreshDomains(userId);
  // Kept here: once registered, the plan year is used and the search below gives way.
  const [registered, setRegistered] = useState<Registered | null>(null);

  if (registrations.kind === 'loading' || allowance.kind === 'loading') return <p role="status">Loading your free domain…</p>;
  if (registrations.kind === 'failed' || allowance.kind === 'failed') {
    return (
      <Alert tone="error">
        Your free domain could not be loaded.{' '}
        <Button
          variant="ghost"
          onClick={() => {
            reloadRegistrations();
            reloadAllowance();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  const connectedPage = (domain: string) =>
    claims.kind === 'loaded' ? claims.value.find((claim) => claim.domain === domain && claim.verified_at)?.portfolio_id : undefined;
  const active = registrations.value.filter((registration) => registration.status === 'active' && registration.expires_at);
  const { available, reason, next_at: nextAt } = allowance.value;

  return (
    <div className={styles.freeDomain}>
      <h3 className={styles.heading}>Free domain</h3>
      <p>
        Every plan pays for a domain of your own, one year at a time: each plan year, register a new one or renew the one you have. Standard
        names up to ${FREE_DOMAIN_MAX_PRICE_USD} a year are included; {REGISTRAR_NAME} registers them and FolioForge connects them to your
        page, with no DNS to set up. <Link to="/domains">How it works</Link>
      </p>
      <div role="status">{registered ? <RegisteredNote registered={registered} /> : null}</div>
      {active.length ? (
        <ul className={styles.registrations} aria-label="Domains registered for you">
          {active.map((registration) => (
            <RegistrationItem
              key={registration.domain}
              registration={registration}
              pageId={connectedPage(registration.domain)}
              portfolios={portfolios}
              onChange={refresh}
            />
          ))}
        </ul>
      ) : null}
      {available ? (
        <DomainSearch
          portfolios={portfolios}
          onRegistered={(done) => {
            setRegistered(done);
            refresh();
          }}
        />
      ) : reason === 'no_plan' ? (
        <p>
          The free domain comes with every plan. <Link to="/pricing">Choose a plan</Link> to register one.
        </p>
      ) : (
        <p>This plan year&rsquo;s free domain is used.{nextAt ? ` The next one is available on ${formatDate(nextAt)}.` : ''}</p>
      )}
    </div>
  );
}

function RegistrationItem({
  registration,
  pageId,
  portfolios,
  onChange,
}: {
  registration: Registration;
  pageId: string | undefined;
  portfolios: readonly PortfolioSummary[];
  onChange: () => void;
}) {
  const [state, setState] = useState<{ busy?: 'renew' | 'connect'; note?: string; problem?: string }>({});
  const [moveTo, setMoveTo] = useState('');
  const selectId = useId();
  const expires = new Date(registration.expires_at!);
  const now = new Date();
  const opens = renewalOpensAt(expires);
  const renewable = now >= opens && now <= renewalClosesAt(expires);
  const page = portfolios.find((portfolio) => portfolio.id === pageId);
  const others = portfolios.filter((portfolio) => portfolio.id !== pageId);
  const target = moveTo || others[0]?.id || '';

  const run = async (kind: 'renew' | 'connect') => {
    setState({ busy: kind });
    try {
      if (kind === 'renew') {
        const renewed = await renewDomain(registration.domain);
        setState({ note: `Renewed: ${registration.domain} is yours until ${formatDate(renewed.expiresAt)}.` });
      } else {
        await connectDomain(registration.domain, target);
        const moved = portfolios.find((portfolio) => portfolio.id === target);
        setState({
          note: `${registration.domain} now shows ${pageTitle(moved)}${moved?.published ? '.' : ' once you publish it.'}`,
        });
      }
      onChange();
    } catch (error) {
      setState({ problem: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <li className={styles.registration}>
      <p className={styles.domainName}>
        <strong>{registration.domain}</strong>
      </p>
      <dl className={styles.facts}>
        <dt>Shows</dt>
        <dd>{page ? `${pageTitle(page)}${page.published ? '' : ' (publish it to show it)'}` : 'No page: choose one below'}</dd>
        <dt>Registered</dt>
        <dd>{registration.registered_at ? formatDate(registration.registered_at) : ''}</dd>
        <dt>Expires</dt>
        <dd>{formatDate(registration.expires_at!)}</dd>
        <dt>Renewal</dt>
        <dd>
          {usd(registration.renewal_price_usd)} a year, paid by your plan&rsquo;s next free domain-year.{' '}
          {renewable
            ? 'You can renew it now.'
            : now < opens
              ? `Renewal opens on ${formatDate(opens.toISOString())}.`
              : 'It expired and can no longer be renewed.'}
        </dd>
      </dl>
      <div role="status">{state.note ? <p>{state.note}</p> : null}</div>
      {state.problem ? <Alert tone="error">{state.problem}</Alert> : null}
      <div className={styles.actions}>
        {renewable ? (
          <Button variant="secondary" busy={state.busy === 'renew'} onClick={() => void run('renew')}>
            Renew {registration.domain} for a year
          </Button>
        ) : null}
        {others.length ? (
          <div className={styles.move}>
            <label htmlFor={selectId}>Show another page</label>
            <select id={selectId} value={target} onChange={(event) => setMoveTo(event.target.value)}>
              {others.map((portfolio) => (
                <option key={portfolio.id} value={portfolio.id}>
                  {pageTitle(portfolio)}
                  {portfolio.published ? '' : ' (not published)'}
                </option>
              ))}
            </select>
            <Button variant="ghost" busy={state.busy === 'connect'} onClick={() => void run('connect')}>
              Show this page
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

type SearchState =
  | { phase: 'idle' }
  | { phase: 'searching'; query: string }
  | { phase: 'found'; offers: DomainOffer[] }
  | { phase: 'failed'; message: string };

function DomainSearch({
  portfolios,
  onRegistered,
}: {
  portfolios: readonly PortfolioSummary[];
  onRegistered: (registered: Registered) => void;
}) {
  const [query, setQuery] = useState('');
  const [queryProblem, setQueryProblem] = useState<string | undefined>();
  const [search, setSearch] = useState<SearchState>({ phase: 'idle' });
  const [chosen, setChosen] = useState<DomainOffer | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule, checked here first so a typo never waits for the registrar.
    const candidates = domainCandidates(query);
    if ('problem' in candidates) {
      setQueryProblem(candidates.problem);
      return;
    }
    setQueryProblem(undefined);
    setChosen(null);
    setSearch({ phase: 'searching', query: query.trim() });
    try {
      setSearch({ phase: 'found', offers: await searchDomains(query) });
    } catch (error) {
      setSearch({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const free = search.phase === 'found' ? search.offers.filter((offer) => offer.free).length : 0;
  return (
    <div className={styles.search}>
      <form className={styles.searchForm} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Name you would like"
          hint="For your free domain: your name or your business, like janedoe or janedoe.com."
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setQueryProblem(undefined);
          }}
          error={queryProblem}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" busy={search.phase === 'searching'}>
          Search
        </Button>
      </form>
      <div role="status">
        {search.phase === 'searching' ? <p>Looking up {search.query}…</p> : null}
        {search.phase === 'found' ? (
          <p>
            {search.offers.length} {search.offers.length === 1 ? 'name' : 'names'} checked: {free} free with your plan.
          </p>
        ) : null}
      </div>
      {search.phase === 'failed' ? <Alert tone="error">{search.message}</Alert> : null}
      {search.phase === 'found' ? (
        <ul className={styles.offers} aria-label="Names and prices">
          {search.offers.map((offer) => (
            <li key={offer.domain} className={styles.offer}>
              <span className={styles.offerName}>{offer.domain}</span>
              <span className={styles.offerPrice}>
                {offer.available ? `${usd(offer.priceUsd)} the first year, ${usd(offer.renewalPriceUsd)} a year after` : 'Taken'}
              </span>
              {offer.free ? (
                <>
                  <span className={styles.freeTag}>Free with your plan</span>
                  <Button variant="secondary" onClick={() => setChosen(offer)} aria-pressed={chosen?.domain === offer.domain}>
                    Choose {offer.domain}
                  </Button>
                </>
              ) : offer.available ? (
                <span className={styles.note}>{offer.note}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {chosen ? (
        <RegisterChosen
          key={chosen.domain}
          offer={chosen}
          portfolios={portfolios}
          onCancel={() => setChosen(null)}
          onRegistered={(answer, page) =>
            onRegistered({ domain: answer.registered.domain, url: answer.url, until: answer.registered.expiresAt, page })
          }
        />
      ) : null}
    </div>
  );
}

/** The last step: which page the domain shows, and the one button that registers it. */
function RegisterChosen({
  offer,
  portfolios,
  onCancel,
  onRegistered,
}: {
  offer: DomainOffer;
  portfolios: readonly PortfolioSummary[];
  onCancel: () => void;
  onRegistered: (answer: Awaited<ReturnType<typeof registerDomain>>, page: PortfolioSummary | undefined) => void;
}) {
  const [pageId, setPageId] = useState(portfolios.find((portfolio) => portfolio.published)?.id ?? portfolios[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const selectId = useId();
  const headingId = useId();

  if (!portfolios.length) {
    return (
      <p className={styles.confirm}>
        Make a portfolio first: the domain shows one of your pages. <Link to="/templates">Pick a template</Link>.
      </p>
    );
  }
  const register = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await registerDomain(offer.domain, pageId);
      onRegistered(
        answer,
        portfolios.find((portfolio) => portfolio.id === pageId),
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  return (
    <section className={styles.confirm} aria-labelledby={headingId}>
      <h4 id={headingId}>Register {offer.domain}</h4>
      <p>
        Free for a year with your plan (then {usd(offer.renewalPriceUsd)} a year, paid by each following plan year). This uses this plan
        year&rsquo;s free domain.
      </p>
      <div className={styles.move}>
        <label htmlFor={selectId}>Page it shows</label>
        <select id={selectId} value={pageId} onChange={(event) => setPageId(event.target.value)}>
          {portfolios.map((portfolio) => (
            <option key={portfolio.id} value={portfolio.id}>
              {pageTitle(portfolio)}
              {portfolio.published ? '' : ' (not published)'}
            </option>
          ))}
        </select>
      </div>
      {busy ? <p role="status">Registering {offer.domain} and connecting it… this can take up to a minute.</p> : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className={styles.actions}>
        <Button busy={busy} onClick={() => void register()}>
          Register {offer.domain}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
