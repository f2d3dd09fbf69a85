// A signed-in user for component tests: the real supabase-js client, its requests answered by a small
// PostgREST of one `portfolios` table in memory (the shapes the real one answers with), so the screens
// run their account paths — continue or create, save against a version, switch template — as they do
// against local-cloud. The browser tests do the same against the real thing.
import { createClient } from '@supabase/supabase-js';
import type { User } from '@supabase/supabase-js';
import { queryClient, setSupabase, useAuthStore, type FolioForgeClient } from '@folioforge/shared';
import { installFakeRealtime, type FakeRealtime } from '@folioforge/shared/testing/fake-realtime';
import type { PostRow } from '@folioforge/templates';

export interface FakeRow {
  id: string;
  owner_id: string;
  template_id: string;
  title: string | null;
  data: unknown;
  published: boolean;
  slug: string | null;
  look: Record<string, never>;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface FakeAccount {
  userId: string;
  rows: FakeRow[];
  /** The requests made, as `METHOD path` (query string left off). */
  requests: string[];
  /** The actions asked of the functions, as `function action` (e.g. `publish site-password`). */
  functionActions: string[];
  /** Views counted per page (page_view_days rows) and the referrers `top_page_referrers` answers with. */
  pageViews: { portfolio_id: string; day: string; views: number }[];
  referrers: { referrer: string; views: number }[];
  /** Rows of `portfolio_posts` (a blog's posts), each unique by portfolio and address as the table's constraint. */
  posts: FakePostRow[];
  /** Requests (`METHOD path`) answered as a server fault (503) while listed: a save that fails. */
  failing: string[];
  /** Paths removed from Storage, as `<bucket>/<path>`. */
  removedFiles: string[];
  /** Addresses held for their former owner (another user), with until when (ISO time). */
  heldAddresses: Record<string, string>;
  /** A row as another device made it before. */
  addRow(row: Partial<FakeRow> & Pick<FakeRow, 'template_id' | 'data'>): FakeRow;
  /** The page's Realtime channels (none deliver anything until a test says so). */
  realtime: FakeRealtime;
  /** Realtime tells every open channel of the row's change as it now is (a save, made here or elsewhere). */
  tellChanged(row: FakeRow): void;
}

/** A post row as the fake database keeps it: PostgREST's row, with the portfolio it belongs to. */
export type FakePostRow = PostRow & { portfolio_id: string };

let clock = Date.parse('2026-01-01T00:00:00Z');
const now = () => new Date((clock += 1000)).toISOString();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Signs a user in (the auth store as the shell fills it) and answers their portfolio requests. */
export function signInFakeAccount(name = 'Asha Verma', email = 'asha@example.com'): FakeAccount {
  const userId = '00000000-0000-4000-8000-00000000000a';
  const rows: FakeRow[] = [];
  const requests: string[] = [];
  const functionActions: string[] = [];
  const removedFiles: string[] = [];
  const pageViews: FakeAccount['pageViews'] = [];
  const referrers: FakeAccount['referrers'] = [];
  const heldAddresses: FakeAccount['heldAddresses'] = {};
  const posts: FakePostRow[] = [];
  const failing: string[] = [];
  let nextId = 1;
  const addRow: FakeAccount['addRow'] = (row) => {
    const made: FakeRow = {
      id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
      owner_id: userId,
      title: null,
      published: false,
      slug: null,
      look: {},
      version: 1,
      created_at: now(),
      updated_at: now(),
      ...row,
    };
    rows.push(made);
    return made;
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    const headers = new Headers(init?.headers);
    const single = headers.get('Accept') === 'application/vnd.pgrst.object+json';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (url.pathname.startsWith('/functions/v1/'))
      functionActions.push(`${url.pathname.slice('/functions/v1/'.length)} ${String(body.action)}`);
    if (failing.includes(`${method} ${url.pathname}`)) return json({ message: 'Service Unavailable' }, 503);
    const answer = (found: readonly object[]) => {
      if (!single) return json(found);
      if (found.length !== 1)
        return json({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: null, hint: null }, 406);
      return json(found[0]);
    };
    if (url.pathname === '/rest/v1/portfolios' && method === 'GET') {
      const id = url.searchParams.get('id')?.replace(/^eq\./, '');
      const mine = rows.filter((row) => row.owner_id === userId && (!id || row.id === id));
      return answer([...mine].sort((a, b) => b.updated_at.localeCompare(a.updated_at)));
    }
    if (url.pathname === '/rest/v1/portfolios' && method === 'POST') {
      return answer([addRow({ template_id: String(body.template_id), title: (body.title as string) ?? null, data: body.data ?? {} })]);
    }
    if (url.pathname === '/rest/v1/portfolios' && method === 'PATCH') {
      const id = url.searchParams.get('id')?.replace(/^eq\./, '');
      const found = rows.filter((row) => row.owner_id === userId && row.id === id);
      for (const row of found) Object.assign(row, { title: typeof body.title === 'string' ? body.title : row.title, updated_at: now() });
      return answer(found);
    }
    if (url.pathname === '/rest/v1/rpc/save_portfolio') {
      const row = rows.find((candidate) => candidate.id === body.portfolio_id);
      if (!row) return json({ code: 'PT404', message: 'Portfolio not found', details: null, hint: null }, 404);
      if (row.version !== body.expected_version)
        return json({ code: 'PT409', message: 'A newer version of this portfolio was saved elsewhere', details: null, hint: null }, 409);
      Object.assign(row, {
        data: body.new_data,
        version: row.version + 1,
        template_id: (body.new_template_id as string | null) ?? row.template_id,
        updated_at: now(),
      });
      return answer([row]);
    }
    if (url.pathname === '/rest/v1/portfolio_posts') {
      const id = url.searchParams.get('id')?.replace(/^eq\./, '');
      if (method === 'GET') {
        const portfolio = url.searchParams.get('portfolio_id')?.replace(/^eq\./, '');
        return answer(posts.filter((post) => post.portfolio_id === portfolio).sort((a, b) => b.updated_at.localeCompare(a.updated_at)));
      }
      if (method === 'DELETE') {
        posts.splice(0, posts.length, ...posts.filter((post) => post.id !== id));
        return new Response(null, { status: 204 });
      }
      const found = posts.find((post) => post.id === id);
      const next = {
        ...(found ?? {
          id: `10000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
          excerpt: '',
          body: '',
          cover: '',
          tags: [],
          status: 'draft',
          publish_at: null,
        }),
        ...body,
        updated_at: now(),
      } as FakePostRow;
      if (posts.some((post) => post.id !== next.id && post.portfolio_id === next.portfolio_id && post.slug === next.slug))
        return json(
          { code: '23505', message: 'duplicate key value violates unique constraint "portfolio_posts_address"', details: null, hint: null },
          409,
        );
      if (found) Object.assign(found, next);
      else posts.push(next);
      return answer([next]);
    }
    if (url.pathname === '/functions/v1/publish' && body.action === 'publish-post') {
      const post = posts.find((one) => one.id === body.postId);
      const time = post?.publish_at ? Date.parse(post.publish_at) : NaN;
      const state = !post ? 'removed' : post.status !== 'published' ? 'draft' : time > Date.now() ? 'scheduled' : 'live';
      const address = post && state !== 'draft' ? `http://sites.test/p/site/blog/${post.slug}/` : null;
      return json({ state, url: address, filesWritten: state === 'draft' ? 0 : 4 });
    }
    if (url.pathname === '/rest/v1/rpc/slug_available') return json(!Object.hasOwn(heldAddresses, String(body.candidate)));
    if (url.pathname === '/rest/v1/rpc/address_held_until') return json(heldAddresses[String(body.candidate)] ?? null);
    if (url.pathname === '/rest/v1/page_view_days' && method === 'GET') {
      const id = url.searchParams.get('portfolio_id')?.replace(/^eq\./, '');
      const since = url.searchParams.get('day')?.replace(/^gte\./, '') ?? '';
      return json(pageViews.filter((row) => row.portfolio_id === id && row.day >= since).map(({ day, views }) => ({ day, views })));
    }
    if (url.pathname === '/rest/v1/page_view_pages' && method === 'GET') return json([]);
    if (url.pathname === '/rest/v1/rpc/top_page_referrers') return json(referrers);
    const removal = /^\/storage\/v1\/object\/([a-z-]+)$/.exec(url.pathname);
    if (removal && method === 'DELETE') {
      const prefixes = Array.isArray(body.prefixes) ? (body.prefixes as string[]) : [];
      removedFiles.push(...prefixes.map((prefix) => `${removal[1]}/${prefix}`));
      return json(prefixes.map((name) => ({ name })));
    }
    return json({ message: `not faked: ${method} ${url.pathname}` }, 501);
  };

  const client = createClient('http://cloud.test', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
  }) as unknown as FolioForgeClient;
  const realtime = installFakeRealtime(client);
  setSupabase(client);
  queryClient.clear();
  const user = { id: userId, email, user_metadata: { name }, app_metadata: {}, aud: 'authenticated', created_at: now() } as unknown as User;
  useAuthStore.setState({
    status: 'signedIn',
    user,
    session: { access_token: 'token', refresh_token: 'refresh', token_type: 'bearer', expires_in: 3600, user } as never,
  });
  const tellChanged = (row: FakeRow) => realtime.change('portfolios', 'UPDATE', { ...row });
  return {
    userId,
    rows,
    posts,
    failing,
    requests,
    functionActions,
    removedFiles,
    heldAddresses,
    pageViews,
    referrers,
    addRow,
    realtime,
    tellChanged,
  };
}

/** Back to a signed-out page with no client. */
export function signOutFakeAccount(): void {
  setSupabase(undefined);
  queryClient.clear();
  useAuthStore.setState({ status: 'signedOut', user: null, session: null });
}
