// The account function (supabase/functions/account) from /account, through its contract
// (_shared/contracts/account.ts): the data download, streamed so the page can show how far it has got,
// and the deletion of the account. Refusals are FunctionCallErrors with their field errors and wait.
import { FunctionCallError, invokeFunction, streamFunction, type DeletionField } from '@folioforge/shared';
import { accountFunction } from '@folioforge/shared/functions';

/** The zip of all the user's data, read as it arrives; `onProgress` hears the bytes so far. */
export async function downloadMyData(onProgress: (bytes: number) => void): Promise<{ zip: Blob; fileName: string }> {
  const response = await streamFunction(accountFunction, { action: 'export' }, { refused: 'Something went wrong. Try again.' });
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
    throw new FunctionCallError('unreachable', 'The download was interrupted. Try again.');
  }
  return { zip: new Blob(chunks as BlobPart[], { type: 'application/zip' }), fileName };
}

export const sendDeletionCode = () =>
  invokeFunction(accountFunction, { action: 'send-deletion-code' }, { refused: 'Something went wrong. Try again.' });

export const deleteMyAccount = (confirmation: { password: string } | { code: string }) =>
  invokeFunction(accountFunction, { action: 'delete', ...confirmation }, { refused: 'Something went wrong. Try again.' });

/** What the function found wrong with the confirmation, by field. */
export function deletionProblems(error: FunctionCallError): Partial<Record<DeletionField, string>> {
  const { password, code } = error.fieldErrors;
  return { ...(password ? { password } : {}), ...(code ? { code } : {}) };
}
