import { jest } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { setSupabase } from '@folioforge/shared';

export interface QueryResult {
  data: unknown;
  error: { code?: string; message: string; details?: string | null; hint?: string | null } | null;
}

/** A postgrest-js look-alike: every builder call chains, awaiting gives the table's next result. */
export interface FakeQuery extends PromiseLike<QueryResult> {
  calls: Array<[string, unknown[]]>;
}

type AnyFn = (...args: never[]) => unknown;
type Mocked<F extends AnyFn> = jest.Mock<F>;

function ok<T>(data: T) {
  return Promise.resolve({ data, error: null });
}

/** A Supabase client whose auth calls, rpc and table queries are jest mocks, installed with setSupabase. */
export function installFakeSupabase() {
  const tables = new Map<string, QueryResult[]>();
  const queries: Array<{ table: string; query: FakeQuery }> = [];

  function from(table: string): FakeQuery {
    const calls: Array<[string, unknown[]]> = [];
    const query: FakeQuery = new Proxy({ calls } as FakeQuery, {
      get(target, property) {
        if (property === 'calls') return calls;
        if (property === 'then') {
          const queue = tables.get(table) ?? [];
          // The last result repeats, so reloads see the same rows unless a test queues more.
          const result = (queue.length > 1 ? queue.shift() : queue[0]) ?? { data: null, error: null };
          const promise = Promise.resolve(result);
          return promise.then.bind(promise);
        }
        return (...args: unknown[]) => {
          calls.push([String(property), args]);
          return query;
        };
      },
    });
    queries.push({ table, query });
    return query;
  }

  const auth = {
    signInWithPassword: jest.fn((..._args: unknown[]) => ok({ user: null, session: null })) as Mocked<AnyFn>,
    signUp: jest.fn((..._args: unknown[]) => ok({ user: null, session: null })) as Mocked<AnyFn>,
    resend: jest.fn((..._args: unknown[]) => ok({ user: null, session: null })) as Mocked<AnyFn>,
    resetPasswordForEmail: jest.fn((..._args: unknown[]) => ok({})) as Mocked<AnyFn>,
    updateUser: jest.fn((..._args: unknown[]) => ok({ user: null })) as Mocked<AnyFn>,
    initialize: jest.fn(() => Promise.resolve({ error: null })) as Mocked<AnyFn>,
    getSession: jest.fn(() => ok({ session: null })) as Mocked<AnyFn>,
    signOut: jest.fn((..._args: unknown[]) => Promise.resolve({ error: null })) as Mocked<AnyFn>,
  };
  const rpc = jest.fn((..._args: unknown[]) => ok<unknown>(true)) as Mocked<AnyFn>;
  const client = { auth, rpc, from: jest.fn(from) };
  setSupabase(client as unknown as SupabaseClient);

  return {
    auth,
    rpc,
    from: client.from,
    queries,
    /** Queues what the next awaits of `from(table)…` answer (the last one repeats). */
    answer(table: string, ...results: QueryResult[]) {
      tables.set(table, results);
    },
  };
}

export type FakeSupabase = ReturnType<typeof installFakeSupabase>;
