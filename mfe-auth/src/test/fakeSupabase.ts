import { jest } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { setSupabase } from '@folioforge/shared';
import { installFakeRealtime } from '@folioforge/shared/testing/fake-realtime';

interface QueryResult {
  data: unknown;
  error: { code?: string; message: string; details?: string | null; hint?: string | null } | null;
}

/** A postgrest-js look-alike: every builder call chains, awaiting gives the table's next result. */
interface FakeQuery extends PromiseLike<QueryResult> {
  calls: Array<[string, unknown[]]>;
}

type AsyncMock = jest.Mock<(...args: unknown[]) => Promise<unknown>>;

function ok(data: unknown): Promise<unknown> {
  return Promise.resolve({ data, error: null });
}

function mock(answer: () => Promise<unknown>): AsyncMock {
  return jest.fn<(...args: unknown[]) => Promise<unknown>>(() => answer());
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
    signInWithPassword: mock(() => ok({ user: null, session: null })),
    signUp: mock(() => ok({ user: null, session: null })),
    resend: mock(() => ok({ user: null, session: null })),
    resetPasswordForEmail: mock(() => ok({})),
    updateUser: mock(() => ok({ user: null })),
    initialize: mock(() => Promise.resolve({ error: null })),
    getSession: mock(() => ok({ session: null })),
    signOut: mock(() => Promise.resolve({ error: null })),
    signInWithOtp: mock(() => ok({ user: null, session: null })),
    verifyOtp: mock(() => ok({ user: null, session: null })),
    reauthenticate: mock(() => ok({ user: null, session: null })),
    refreshSession: mock(() => ok({ user: null, session: null })),
    mfa: {
      getAuthenticatorAssuranceLevel: mock(() => ok({ currentLevel: 'aal1', nextLevel: 'aal1', currentAuthenticationMethods: [] })),
      listFactors: mock(() => ok({ all: [], totp: [], phone: [], webauthn: [] })),
      enroll: mock(() => ok(null)),
      challengeAndVerify: mock(() => ok(null)),
      unenroll: mock(() => ok(null)),
    },
  };
  const rpcs = new Map<string, QueryResult>();
  const rpc = jest.fn<(...args: unknown[]) => Promise<unknown>>((name) =>
    Promise.resolve(rpcs.get(String(name)) ?? { data: true, error: null }),
  );
  /** Edge Function calls: `{ data, error }` as supabase-js's functions.invoke answers. */
  const functions = { invoke: mock(() => ok(null)) };
  const client = { auth, rpc, functions, from: jest.fn(from) };
  /** The page's Realtime channels: nothing arrives until a test delivers a change. */
  const realtime = installFakeRealtime(client);
  setSupabase(client as unknown as SupabaseClient);

  return {
    auth,
    rpc,
    functions,
    from: client.from,
    queries,
    realtime,
    /** Queues what the next awaits of `from(table)…` answer (the last one repeats). */
    answer(table: string, ...results: QueryResult[]) {
      tables.set(table, results);
    },
    /** What `rpc(name)` answers from now on (any other function answers `true`). */
    answerRpc(name: string, result: QueryResult) {
      rpcs.set(name, result);
    },
  };
}

export type FakeSupabase = ReturnType<typeof installFakeSupabase>;
