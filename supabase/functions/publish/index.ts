// Supabase Edge entry point: `supabase functions deploy publish` serves this file (after
// `npm run build` has generated siteRenderer.generated.mjs beside it).
// local-cloud imports handler.ts instead, with its own environment.
import handler from './handler.ts';

const deno = (globalThis as { Deno?: { serve(h: (req: Request) => Promise<Response>): unknown } }).Deno;
if (deno) deno.serve(handler);

export default handler;
