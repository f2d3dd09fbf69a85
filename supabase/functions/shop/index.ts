// Supabase Edge entry point: `supabase functions deploy shop` serves this file.
// local-cloud imports handler.ts instead, with its own environment.
import handler from './handler.ts';

const deno = (globalThis as { Deno?: { serve(h: (req: Request) => Promise<Response>): unknown } }).Deno;
if (deno) deno.serve(handler);

export default handler;
