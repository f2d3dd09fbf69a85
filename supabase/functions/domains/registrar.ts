// Name.com's Core API (https://docs.name.com), the calls the domains function makes: check availability
// and price, register, renew, and set DNS records. HTTP Basic auth with the account's API username and
// token; every answer is checked before it is believed. NAMECOM_API_URL is https://api.name.com in
// production (https://api.dev.name.com with a "-test" username for Name.com's own test account) and
// local-cloud's sandbox locally.
import { z } from 'zod';
import { requireEnv, type Env } from '../_shared/env.ts';

/** A refusal from the registrar: its status and `{ message, details }`, or status 0 when it did not answer. */
export class RegistrarError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
  /** The registrar said no for good (4xx): retrying the same request changes nothing. */
  get definite(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

const availabilityAnswer = z.object({
  results: z.array(
    z.object({
      domainName: z.string(),
      purchasable: z.boolean(),
      premium: z.boolean().optional(),
      purchasePrice: z.number().optional(),
      purchaseType: z.string().optional(),
      renewalPrice: z.number().optional(),
    }),
  ),
});
export type Availability = z.infer<typeof availabilityAnswer>['results'][number];

const domainEntity = z.object({
  domainName: z.string(),
  createDate: z.string(),
  expireDate: z.string(),
  renewalPrice: z.number().optional(),
});
const purchaseAnswer = z.object({ domain: domainEntity, order: z.number(), totalPaid: z.number() });
type Purchase = z.infer<typeof purchaseAnswer>;

const recordEntity = z.object({ id: z.number(), host: z.string(), type: z.string(), answer: z.string() });
const recordsAnswer = z.object({ records: z.array(recordEntity) });

const errorAnswer = z.object({ message: z.string(), details: z.string().optional() });

const TIMEOUT_MS = 20_000;
/** Past the rate limit the registrar says when to come back; waits up to this long, once. */
const MAX_RETRY_AFTER_SECONDS = 3;

export function namecomClient(env: Env) {
  const base = (env('NAMECOM_API_URL') || 'https://api.name.com').replace(/\/+$/, '');
  const authorization = `Basic ${btoa(`${requireEnv(env, 'NAMECOM_USERNAME')}:${requireEnv(env, 'NAMECOM_TOKEN')}`)}`;

  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<z.infer<T>> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            Authorization: authorization,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(idempotencyKey ? { 'X-Idempotency-Key': idempotencyKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new RegistrarError(0, 'The registrar did not answer', error instanceof Error ? error.message : String(error));
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status === 429 && attempt === 0 && retryAfter >= 0 && retryAfter <= MAX_RETRY_AFTER_SECONDS) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(retryAfter, 0.2) * 1000));
        continue;
      }
      const json: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const refusal = errorAnswer.safeParse(json);
        throw new RegistrarError(
          response.status,
          refusal.success ? refusal.data.message : `HTTP ${response.status}`,
          refusal.data?.details,
        );
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new RegistrarError(502, 'The registrar answered in an unexpected shape');
      return parsed.data;
    }
  }

  const domainPath = (domain: string) => `/core/v1/domains/${encodeURIComponent(domain)}`;

  return {
    async checkAvailability(domainNames: string[]): Promise<Availability[]> {
      return (await call('POST', '/core/v1/domains:checkAvailability', availabilityAnswer, { domainNames })).results;
    },
    /** One year, a standard registration (no price sent: premium names are never bought). */
    register(domain: string, idempotencyKey: string): Promise<Purchase> {
      return call('POST', '/core/v1/domains', purchaseAnswer, { domain: { domainName: domain }, years: 1 }, idempotencyKey);
    },
    renew(domain: string, idempotencyKey: string): Promise<Purchase> {
      return call('POST', `${domainPath(domain)}:renew`, purchaseAnswer, { years: 1 }, idempotencyKey);
    },
    async records(domain: string) {
      return (await call('GET', `${domainPath(domain)}/records`, recordsAnswer)).records;
    },
    createRecord(domain: string, record: { host: string; type: 'ANAME'; answer: string; ttl: number }) {
      return call('POST', `${domainPath(domain)}/records`, recordEntity, record);
    },
  };
}

export type Registrar = ReturnType<typeof namecomClient>;
