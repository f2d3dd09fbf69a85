// local-cloud's stand-in for a Supabase Edge Runtime worker, preloaded before a function's index.ts
// (`deno run --preload worker.ts supabase/functions/<name>/index.ts`), which then runs exactly as
// deployed. Like the edge runtime, it takes over the function's own `Deno.serve`: the function listens
// on a loopback port, which the host reads from the line below, with the environment the host gave.
// The worker ends when the host's end of stdin closes, so a host that dies (kill -9 included) never
// leaves one behind. Started by local-cloud/src/functions/edgeWorkers.ts.

/** The line local-cloud waits for: where this worker listens. */
const LISTENING_PREFIX = 'edge-worker listening on port ';

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

function handlerOf(args: unknown[]): Handler {
  const [first, second] = args;
  if (typeof first === 'function') return first as Handler;
  if (typeof second === 'function') return second as Handler;
  const handler = (first as { handler?: Handler } | undefined)?.handler;
  if (!handler) throw new Error('Deno.serve was called without a handler');
  return handler;
}

const serve = Deno.serve.bind(Deno);
let served = false;
(Deno as { serve: unknown }).serve = (...args: unknown[]) => {
  if (served) throw new Error('a function serves once');
  served = true;
  return serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ port }) => {
        console.log(`${LISTENING_PREFIX}${port}`);
        void exitWithHost();
      },
    },
    closingAfterBody(handlerOf(args)),
  );
};

/**
 * The function's answer, with `Connection: close` when the request had a body: Deno would otherwise
 * read a body the function stopped reading (a 413 while reading) to its end before answering, and
 * the caller would keep sending it. The edge's gateway stops reading there too.
 */
function closingAfterBody(handler: Handler): Handler {
  return async (request, info) => {
    const response = await handler(request, info);
    if (request.method === 'GET' || request.method === 'HEAD' || response.status === 101) return response;
    const headers = new Headers(response.headers);
    headers.set('connection', 'close');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * Nothing is sent on stdin: its end says the host is gone. Watched only once the function is up (a
 * read of stdin begun while preloading holds up loading the function itself).
 */
async function exitWithHost(): Promise<never> {
  for await (const _ of Deno.stdin.readable) {
    // keep reading until the host closes it
  }
  Deno.exit(0);
}
