// /rest/v1: PostgREST for what supabase-js's query builder sends, one endpoint per file under endpoints/.
import { Hono } from 'hono';
import type { LocalCloudContext, MountRoutes } from '../context.ts';
import { mountDelete } from './endpoints/delete.ts';
import { mountInsert } from './endpoints/insert.ts';
import { mountOpenApi } from './endpoints/openApi.ts';
import { mountRead } from './endpoints/read.ts';
import { mountRpc } from './endpoints/rpc.ts';
import { mountUpdate } from './endpoints/update.ts';
import { RestError } from './errors.ts';
import { restErrorResponse } from './request.ts';
import { createRestApi } from './restApi.ts';

export const mountRest: MountRoutes = (app: Hono, ctx: LocalCloudContext) => {
  const api = createRestApi(ctx);
  const rest = new Hono();

  rest.onError((err, c) => {
    if (err instanceof RestError) return restErrorResponse(c, err);
    ctx.log.error('rest handler failed', { path: c.req.path, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    return restErrorResponse(c, new RestError(500, 'PGRST000', 'internal error'));
  });

  mountOpenApi(rest, api);
  mountRpc(rest, api);
  mountRead(rest, api);
  mountInsert(rest, api);
  mountUpdate(rest, api);
  mountDelete(rest, api);

  rest.all('*', (c) => restErrorResponse(c, new RestError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`)));

  app.route('/rest/v1', rest);
};
