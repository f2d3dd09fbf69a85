import type { Hono } from 'hono';
import type { RestApi } from '../restApi.ts';

/** GET /: the exposed tables, in the shape of PostgREST's OpenAPI root (paths only). */
export function mountOpenApi(rest: Hono, api: RestApi): void {
  rest.get('/', async (c) => {
    const catalog = await api.cache.get();
    return c.json({
      swagger: '2.0',
      info: { title: 'local-cloud PostgREST subset' },
      paths: Object.fromEntries([...catalog.tables.keys()].map((t) => [`/${t}`, {}])),
    });
  });
}
