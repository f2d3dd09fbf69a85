// What every PostgREST endpoint uses: the schema cache, and running SQL as the caller (the Bearer JWT,
// else the apikey) with Postgres errors turned into PostgREST's answer.
import type { Context } from 'hono';
import type { JwtClaims, LocalCloudContext, Queryable } from '../context.ts';
import { JwtError } from '../jwt.ts';
import { SchemaCache, EXPOSED_SCHEMA, type Catalog, type TableInfo } from './catalog.ts';
import { RestError, toRestError } from './errors.ts';

export interface RestApi {
  ctx: LocalCloudContext;
  cache: SchemaCache;
  /** The exposed table by name, with the catalog it was found in; 404 PGRST205 when there is none. */
  table(name: string): Promise<{ catalog: Catalog; table: TableInfo }>;
  /** Runs fn in a transaction as the caller, mapping Postgres errors to PostgREST's answer. */
  asCaller<T>(c: Context, fn: (tx: Queryable, claims: JwtClaims) => Promise<T>): Promise<T>;
}

/** The role and claims PostgREST would use: the Bearer JWT, else the apikey (as Supabase's gateway does). */
async function requestClaims(c: Context, ctx: LocalCloudContext): Promise<JwtClaims> {
  const bearer = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
  const token = bearer || c.req.header('apikey');
  if (!token)
    throw new RestError(401, 'PGRST301', 'No API key found in request', null, 'No `apikey` request header or url param was found.');
  try {
    return await ctx.verifyJwt(token);
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired') throw new RestError(401, 'PGRST303', 'JWT expired');
    throw new RestError(401, 'PGRST301', 'JWSError JWSInvalidSignature');
  }
}

export function createRestApi(ctx: LocalCloudContext): RestApi {
  const cache = new SchemaCache(ctx.db);
  return {
    ctx,
    cache,
    async table(name) {
      const table = await cache.lookup((cat) => cat.tables.get(name));
      if (!table) {
        throw new RestError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`);
      }
      return { catalog: await cache.get(), table };
    },
    async asCaller(c, fn) {
      const claims = await requestClaims(c, ctx);
      try {
        return await ctx.db.withClaims(claims, (tx) => fn(tx, claims));
      } catch (err) {
        const restErr = toRestError(err, claims.role);
        if (restErr.status >= 500)
          ctx.log.error('rest query failed', { path: c.req.path, error: err instanceof Error ? err.message : String(err) });
        throw restErr;
      }
    },
  };
}
