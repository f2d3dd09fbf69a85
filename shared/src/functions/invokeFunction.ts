// The one way the browser calls an edge function. The request is checked against the function's
// contract (supabase/functions/_shared/contracts/) before it leaves, goes with the user's token
// through supabase-js, and the answer is checked against the schema of the action asked for: a
// screen gets exactly the type the function promised, or a FunctionCallError in words.
import type { z } from 'zod';
import type {
  AnswerOf,
  FunctionContract,
  JsonActionOf,
  RequestOf,
  StreamedActionOf,
} from '../../../supabase/functions/_shared/contracts/functionContract';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { loadSupabase } from '../supabase/createSupabase';
import { functionFailureOf, refusalIn, type FunctionFailure } from '../supabase/functionErrors';

/** No answer at all (offline, the host down), a refusal with its status, or an answer not as promised. */
type FunctionCallFailure = 'unreachable' | 'refused' | 'unexpected';

export class FunctionCallError extends Error {
  override name = 'FunctionCallError';
  constructor(
    readonly kind: FunctionCallFailure,
    message: string,
    /** The HTTP status of a refusal. */
    readonly status?: number,
    /** Which fields the function found wrong, in words to show beside them. */
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    /** How long to wait before asking again (a 429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const UNREACHABLE = 'FolioForge could not be reached. Check your connection and try again.';
const UNEXPECTED = 'FolioForge sent an unexpected answer. Try again.';

/** What a caller says when the function refused without words of its own. */
interface CallWords {
  refused?: string;
}

function failureError(failure: FunctionFailure, words: CallWords): FunctionCallError {
  if (failure.status === undefined) return new FunctionCallError('unreachable', UNREACHABLE);
  return new FunctionCallError(
    'refused',
    failure.message ?? words.refused ?? 'FolioForge could not do that. Try again.',
    failure.status,
    failure.fieldErrors,
    failure.retryAfterSeconds,
  );
}

/** The request as the function would read it: refused here, unsent, when the function would refuse it. */
function checkRequest(contract: FunctionContract, request: { action: string }): void {
  const parsed = contract.request.safeParse(request);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  throw new FunctionCallError(
    'refused',
    `Invalid request: ${issue ? `${issue.path.join('.') || 'body'} ${issue.message}` : 'bad body'}`,
    400,
  );
}

/** Calls `contract`'s function with `request`; resolves with the action's answer, checked. */
export async function invokeFunction<
  Contract extends FunctionContract,
  const Request extends RequestOf<Contract> & { action: JsonActionOf<Contract> },
>(contract: Contract, request: Request, words: CallWords = {}): Promise<AnswerOf<Contract, Request['action']>> {
  checkRequest(contract, request);
  const { data, error } = await (await loadSupabase()).functions.invoke<unknown>(contract.name, { body: request });
  if (error) throw failureError(await functionFailureOf(error), words);
  const schema = contract.answers[request.action as keyof Contract['answers']] as z.ZodType;
  const answer = schema.safeParse(data);
  if (!answer.success) throw new FunctionCallError('unexpected', UNEXPECTED);
  return answer.data as AnswerOf<Contract, Request['action']>;
}

/**
 * For an action the function answers with a file (a zip): the Response, to read as it arrives (so the
 * screen can show progress). supabase-js would read the whole body first, so this asks with fetch, with
 * the same token and key supabase-js would send.
 */
export async function streamFunction<
  Contract extends FunctionContract,
  const Request extends RequestOf<Contract> & { action: StreamedActionOf<Contract> },
>(contract: Contract, request: Request, words: CallWords = {}): Promise<Response> {
  checkRequest(contract, request);
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const { data } = await (await loadSupabase()).auth.getSession();
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/functions/v1/${contract.name}`, {
      method: 'POST',
      headers: {
        apikey: supabaseAnonKey,
        Authorization: `Bearer ${data.session?.access_token ?? supabaseAnonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(request),
    });
  } catch {
    throw new FunctionCallError('unreachable', UNREACHABLE);
  }
  if (response.ok) return response;
  throw failureError(await refusalIn(response), words);
}
