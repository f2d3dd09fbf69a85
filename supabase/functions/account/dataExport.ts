// "Download my data": one zip, streamed while it is made (a user's files can be hundreds of megabytes,
// more than a function may hold at once). Rows are read with the user's own token, so row-level
// security decides what is theirs; files are read with the service role under `<user id>/` only.
import type { SupabaseClient } from '@supabase/supabase-js';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { listTree } from '../_shared/storageTree.ts';
import { USER_BUCKETS } from './storageFiles.ts';

export interface ExportSources {
  userId: string;
  email: string;
  createdAt: string;
  asUser: SupabaseClient;
  admin: SupabaseClient;
}

interface PortfolioRow {
  id: string;
  title: string | null;
  slug: string | null;
}

const README = `Your FolioForge data

account.json        your account: email address, name, username, when it was made
portfolios/         one folder per portfolio: portfolio.json (everything you entered, the template,
                    the address it is published at), posts.json (its blog's posts, drafts too) and
                    files/ (the pictures and resumes you uploaded)
orders.json         every order: what, amount and currency, status and dates, Razorpay's numbers
subscriptions.json  your plan's subscriptions (plan, status, periods, Razorpay's numbers) and every
                    charge made for them: amount and currency, the period it paid for, when
domains.json        your custom domains, the free domains registered for you and the plan years used
subscribers.csv     the people who signed up on your published pages (also subscribers.json)
selling.json        the Razorpay account you connected to sell on your pages, and since when (the
                    access it gave FolioForge is kept encrypted, only to act for you, and not exported)
shop-orders.json    the orders buyers placed on your pages: each one's number, page, buyer (name, email,
                    phone, address), items with their options, quantities and prices, shipping, total,
                    status, Razorpay's numbers and dates
shop-customers.csv  everyone who ordered from your pages: name, email, phone, how many orders, what they
                    paid (per currency) and when they first and last ordered

When you delete your account, your shop's orders and customers are deleted with it, and FolioForge keeps
none of them: you are the seller, and the payments were made to your own Razorpay account, which keeps
their records (Razorpay, as a payment aggregator, keeps them for the time the law sets, in India five
years). If you must keep invoices for your taxes (in India, GST records for 72 months), keep this export.

Dates are in UTC (ISO 8601). Amounts are in the smallest unit of their currency (paise, cents).
`;

/**
 * Every row of a table the user may read, oldest first. `owner` names the column holding the user's id
 * where row-level security also shows others' rows (published portfolios are readable by anyone).
 */
async function rows(
  asUser: SupabaseClient,
  table: string,
  columns: string,
  owner?: { column: string; id: string },
): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  for (let from = 0; ; from += 1000) {
    let query = asUser.from(table).select(columns);
    if (owner) query = query.eq(owner.column, owner.id);
    const { data, error } = await query.order('created_at').range(from, from + 999);
    if (error) throw new Error(`${table} could not be read: ${error.message}`);
    all.push(...((data ?? []) as unknown as Record<string, unknown>[]));
    if ((data ?? []).length < 1000) return all;
  }
}

/** A CSV cell: quoted, quotes doubled; a leading = + - @ is defused so a spreadsheet never runs it. */
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A folder name from a portfolio's title: letters, digits and dashes, unique by its number. */
function folderName(index: number, portfolio: PortfolioRow): string {
  const words = (portfolio.slug ?? portfolio.title ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${String(index + 1).padStart(2, '0')}-${words || 'untitled'}`;
}

/** One row per buyer (by email, case aside): their orders, what the paid ones came to per currency, when. */
export function shopCustomersCsv(orders: Record<string, unknown>[]): string {
  const PAID = new Set(['paid', 'shipped', 'ready_for_pickup', 'partially_refunded']);
  const customers = new Map<
    string,
    { name: unknown; email: unknown; phone: unknown; orders: number; paid: Map<string, number>; first: string; last: string }
  >();
  for (const order of orders) {
    const key = String(order.buyer_email).toLowerCase();
    const at = String(order.created_at);
    const customer = customers.get(key) ?? {
      name: order.buyer_name,
      email: order.buyer_email,
      phone: order.buyer_phone,
      orders: 0,
      paid: new Map(),
      first: at,
      last: at,
    };
    customer.orders++;
    // The newest order's name and phone: what the buyer gave last.
    if (at >= customer.last) Object.assign(customer, { name: order.buyer_name, phone: order.buyer_phone, last: at });
    if (at < customer.first) customer.first = at;
    if (PAID.has(String(order.status))) {
      const currency = String(order.currency);
      customer.paid.set(currency, (customer.paid.get(currency) ?? 0) + Number(order.total_amount));
    }
    customers.set(key, customer);
  }
  const paid = (amounts: Map<string, number>) => [...amounts].map(([currency, amount]) => `${amount} ${currency}`).join('; ');
  return (
    [
      ['name', 'email', 'phone', 'orders', 'paid (smallest unit)', 'first order', 'last order'].map(csvCell).join(','),
      ...[...customers.values()].map((c) => [c.name, c.email, c.phone, c.orders, paid(c.paid), c.first, c.last].map(csvCell).join(',')),
    ].join('\r\n') + '\r\n'
  );
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** The zip as a stream of bytes; an error while making it ends the stream with that error. */
export function exportStream(sources: ExportSources): ReadableStream<Uint8Array> {
  const { userId, asUser, admin } = sources;
  // Files are read only as fast as the browser takes the zip: past a few chunks waiting, the maker
  // pauses until the stream is pulled again, so a slow connection never piles the export up in memory.
  let resume: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    pull() {
      resume?.();
      resume = undefined;
    },
    start(controller) {
      const drained = () => ((controller.desiredSize ?? 1) > 0 ? Promise.resolve() : new Promise<void>((resolve) => (resume = resolve)));
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      /** Adds a file: text compressed, pictures and PDFs (already compressed) stored as they are. */
      const add = (name: string, bytes: Uint8Array, compress = true) => {
        const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
        zip.add(entry);
        entry.push(bytes, true);
      };

      void (async () => {
        add('README.txt', strToU8(README));
        const [profile] = await rows(asUser, 'profiles', 'name, username, created_at', { column: 'id', id: userId });
        add('account.json', json({ id: userId, email: sources.email, createdAt: sources.createdAt, ...profile }));

        const own = await rows(asUser, 'portfolios', 'id, title, template_id, data, look, slug, published, created_at, updated_at', {
          column: 'owner_id',
          id: userId,
        });
        const folders = new Map<string, string>();
        for (const [index, portfolio] of own.entries()) {
          const folder = `portfolios/${folderName(index, portfolio as unknown as PortfolioRow)}`;
          folders.set(String(portfolio.id), folder);
          add(`${folder}/portfolio.json`, json(portfolio));
        }
        // The blogs' posts, in the folder of the portfolio each belongs to.
        const posts = await rows(
          asUser,
          'portfolio_posts',
          'id, portfolio_id, slug, title, excerpt, body, cover, tags, status, publish_at, created_at, updated_at',
          {
            column: 'owner_id',
            id: userId,
          },
        );
        for (const [id, folder] of folders) {
          const own = posts.filter((post) => post.portfolio_id === id);
          if (own.length) add(`${folder}/posts.json`, json(own));
        }
        // The uploads, by the portfolio folder they belong to (a portfolio deleted since keeps its own).
        for (const bucket of USER_BUCKETS) {
          for (const path of await listTree(admin, bucket, userId)) {
            const [, portfolioId, ...rest] = path.split('/');
            const folder = folders.get(portfolioId ?? '') ?? `portfolios/removed-${portfolioId}`;
            await drained();
            const { data, error } = await admin.storage.from(bucket).download(path);
            if (error || !data) throw new Error(`${bucket}/${path} could not be read`);
            add(`${folder}/files/${bucket}/${rest.join('/')}`, new Uint8Array(await data.arrayBuffer()), false);
          }
        }

        add('orders.json', json(await rows(asUser, 'purchases', '*', { column: 'user_id', id: userId })));
        add(
          'subscriptions.json',
          json({
            subscriptions: await rows(asUser, 'subscriptions', '*', { column: 'user_id', id: userId }),
            charges: await rows(asUser, 'subscription_charges', '*', { column: 'user_id', id: userId }),
          }),
        );
        add(
          'domains.json',
          json({
            customDomains: await rows(asUser, 'custom_domains', 'domain, portfolio_id, verified_at, created_at'),
            registeredDomains: await rows(
              asUser,
              'registered_domains',
              'domain, status, registered_at, expires_at, renewal_price_usd, created_at',
            ),
            freeDomainYears: await rows(asUser, 'free_domain_years', 'domain, kind, covers_from, covers_until, created_at'),
          }),
        );
        // Only the owner reads a page's sign-ups (row-level security): these are the user's pages' lists.
        const subscribers = await rows(asUser, 'subscribers', 'portfolio_id, email, name, created_at');
        add('subscribers.json', json(subscribers));
        const title = (id: unknown) => String(own.find((row) => row.id === id)?.title ?? '');
        add(
          'subscribers.csv',
          strToU8(
            [
              ['page', 'email', 'name', 'signed up'].map(csvCell).join(','),
              ...subscribers.map((row) => [title(row.portfolio_id), row.email, row.name, row.created_at].map(csvCell).join(',')),
            ].join('\r\n') + '\r\n',
          ),
        );
        // The shop: the orders on the user's pages (row-level security: the owner's own), and their buyers.
        const shopOrders = await rows(
          asUser,
          'shop_orders',
          'order_number, portfolio_id, page_slug, buyer_name, buyer_email, buyer_phone, delivery, shipping_address, status, currency, ' +
            'items_amount, shipping_amount, total_amount, razorpay_order_id, razorpay_payment_id, created_at, paid_at, updated_at, ' +
            'shop_order_items (line, item_id, option_id, name, option_name, unit_amount, quantity, line_amount)',
          { column: 'owner_id', id: userId },
        );
        add('shop-orders.json', json(shopOrders));
        add('shop-customers.csv', strToU8(shopCustomersCsv(shopOrders)));
        const { data: selling, error: sellingError } = await asUser.rpc('my_seller_account');
        if (sellingError) throw new Error(`the Razorpay connection could not be read: ${sellingError.message}`);
        add('selling.json', json({ razorpayAccounts: selling ?? [] }));
        zip.end();
      })().catch((error: unknown) => {
        console.error('account: the export failed', error);
        zip.terminate();
        controller.error(error instanceof Error ? error : new Error(String(error)));
      });
    },
  });
}
