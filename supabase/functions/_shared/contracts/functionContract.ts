// One edge function's contract with the browser, written once: the name it is called by, what may
// be sent (a zod schema whose `action` picks the call) and what each action answers. The function
// reads requests with `contract.request` and writes answers with `answer(contract, action, body)`,
// which the type checker (deno check) holds to the answer's schema; the browser sends and checks
// both through @folioforge/shared's invokeFunction. A new function gets a module like payments.ts.
import { z } from 'zod';
import { json } from '../cors.ts';
import { builtOnFirstUse } from '../builtOnFirstUse.ts';

/** An action whose answer is a file streamed to the browser (a zip), not JSON. */
export const STREAMED = 'streamed';

type ActionSchema = z.ZodType<{ action: string }, { action: string }>;
type AnswerSchemas<Request extends ActionSchema> = { readonly [Action in z.output<Request>['action']]: z.ZodType | typeof STREAMED };

export interface FunctionContract<
  Request extends ActionSchema = ActionSchema,
  Answers extends AnswerSchemas<Request> = AnswerSchemas<Request>,
> {
  /** The function's name: POST /functions/v1/<name>. */
  readonly name: string;
  readonly request: Request;
  readonly answers: Answers;
}

export function defineFunction<Request extends ActionSchema, Answers extends AnswerSchemas<Request>>(
  name: string,
  request: Request,
  answers: Answers,
): FunctionContract<Request, Answers> {
  return { name, request, answers };
}

/** What the browser may send: the request schema's input (before its transforms). */
export type RequestOf<Contract extends FunctionContract> = z.input<Contract['request']>;
type ActionOf<Contract extends FunctionContract> = z.output<Contract['request']>['action'];
/** The actions answered with JSON, and those answered with a stream. */
export type JsonActionOf<Contract extends FunctionContract> = {
  [Action in ActionOf<Contract>]: Contract['answers'][Action] extends z.ZodType ? Action : never;
}[ActionOf<Contract>];
export type StreamedActionOf<Contract extends FunctionContract> = Exclude<ActionOf<Contract>, JsonActionOf<Contract>>;
/** What the browser gets for an action, checked. */
export type AnswerOf<Contract extends FunctionContract, Action extends string> = Contract['answers'][Action &
  keyof Contract['answers']] extends infer Schema extends z.ZodType
  ? z.output<Schema>
  : never;

/**
 * Every refusal a function answers (HttpError through `answeringErrors`, or its own): a message fit to
 * show, and where it helps the form, which fields are wrong and how long to wait (also `Retry-After`).
 */
export const refusalSchema = builtOnFirstUse(() =>
  z.object({
    error: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  }),
);
export type Refusal = z.infer<ReturnType<typeof refusalSchema>>;

/** The function's JSON answer to `action`, held to the contract's schema for it when type-checked. */
export function answer<Contract extends FunctionContract, Action extends JsonActionOf<Contract>>(
  _contract: Contract,
  _action: Action,
  body: Contract['answers'][Action] extends infer Schema extends z.ZodType ? z.input<Schema> : never,
): Response {
  return json(body);
}
