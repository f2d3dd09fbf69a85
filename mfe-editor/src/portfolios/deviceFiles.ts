// Files chosen on this device, kept in its browser (IndexedDB, fileStore.ts) and named in a portfolio
// as `device:<id>` until they are uploaded (signed in) or for good (a visitor's drafts).
import { isDeviceRef, newId } from '@folioforge/templates';
import { draftFileStore } from './fileStore';

export const deviceRef = (id: string) => `device:${id}`;

/** A new reference for a file about to be kept on this device. */
export const newDeviceRef = () => deviceRef(`file-${newId()}`);

/** Keeps the file on this device under its reference. */
export async function keepOnDevice(ref: string, file: File): Promise<void> {
  await draftFileStore().put(ref.slice('device:'.length), file);
}

/** The file a `device:` reference names, if this device still has it. */
export async function deviceFile(ref: string): Promise<File | undefined> {
  if (!isDeviceRef(ref)) return undefined;
  return draftFileStore()
    .get(ref.slice('device:'.length))
    .catch(() => undefined);
}
