// The account function (supabase/functions/account) from /account: the data download, streamed so
// the page can show how far it has got, and the deletion of the account.
import {
  getRuntimeConfig,
  getSupabase,
  type AccountDeleted,
  type AccountRefusal,
  type AccountRequest,
  type DeletionCodeSent,
  type DeletionField,
} from '@folioforge/shared';

/** What the function refused, with its field errors and wait, or a connection failure (status 0). */
export class AccountRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Partial<Record<DeletionField, string>> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

async function post(request: AccountRequest): Promise<Response> {
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const { data } = await getSupabase().auth.getSession();
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/functions/v1/account`, {
      method: 'POST',
      headers: {
        apikey: supabaseAnonKey,
        Authorization: `Bearer ${data.session?.access_token ?? supabaseAnonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(request),
    });
  } catch {
    throw new AccountRequestError('FolioForge could not be reached. Check your connection and try again.', 0);
  }
  if (response.ok) return response;
  let refusal: Partial<AccountRefusal> = {};
  try {
    refusal = (await response.json()) as Partial<AccountRefusal>;
  } catch {
    // not JSON: the status says enough
  }
  const fieldErrors: Partial<Record<DeletionField, string>> = {};
  for (const field of ['password', 'code'] as const) {
    const message = refusal.fieldErrors?.[field];
    if (typeof message === 'string') fieldErrors[field] = message;
  }
  throw new AccountRequestError(
    typeof refusal.error === 'string' ? refusal.error : 'Something went wrong. Try again.',
    response.status,
    fieldErrors,
    typeof refusal.retryAfterSeconds === 'number' ? refusal.retryAfterSeconds : undefined,
  );
}

/** The zip of all the user's data, read as it arrives; `onProgress` hears the bytes so far. */
export async function downloadMyData(onProgress: (bytes: number) => void): Promise<{ zip: Blob; fileName: string }> {
  const response = await post({ action: 'export' });
  const fileName = /filename="([A-Za-z0-9._-]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'folioforge-data.zip';
  const reader = response.body?.getReader();
  if (!reader) return { zip: await response.blob(), fileName };
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } catch {
    throw new AccountRequestError('The download was interrupted. Try again.', 0);
  }
  return { zip: new Blob(chunks as BlobPart[], { type: 'application/zip' }), fileName };
}

export async function sendDeletionCode(): Promise<DeletionCodeSent> {
  return (await (await post({ action: 'send-deletion-code' })).json()) as DeletionCodeSent;
}

export async function deleteMyAccount(confirmation: { password: string } | { code: string }): Promise<AccountDeleted> {
  return (await (await post({ action: 'delete', ...confirmation })).json()) as AccountDeleted;
}
