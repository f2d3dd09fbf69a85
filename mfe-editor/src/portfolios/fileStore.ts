// Chosen files of a draft, kept as Blobs in IndexedDB so a reload can show them again. Where
// IndexedDB is missing (jsdom, some private modes) an in-memory map keeps them for this page only.

const DATABASE_NAME = 'folioforge-editor';
const STORE_NAME = 'draft-files';

interface FileStore {
  put(id: string, file: File): Promise<void>;
  get(id: string): Promise<File | undefined>;
  remove(id: string): Promise<void>;
}

function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function indexedDbStore(factory: IDBFactory): FileStore {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opened = undefined;
        reject(request.error);
      };
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await database();
    return requestToPromise(action(db.transaction(STORE_NAME, mode).objectStore(STORE_NAME)));
  };
  return {
    async put(id, file) {
      // Stored with its name and type: a Blob read back from IndexedDB is still a File in Chromium,
      // but not in every engine, so the File is rebuilt on the way out.
      await run('readwrite', (store) => store.put({ blob: file, name: file.name, type: file.type }, id));
    },
    async get(id) {
      const record: unknown = await run('readonly', (store) => store.get(id));
      if (typeof record !== 'object' || record === null) return undefined;
      const { blob, name, type } = record as { blob?: unknown; name?: unknown; type?: unknown };
      if (!(blob instanceof Blob)) return undefined;
      return new File([blob], typeof name === 'string' ? name : 'file', { type: typeof type === 'string' ? type : blob.type });
    },
    async remove(id) {
      await run('readwrite', (store) => store.delete(id));
    },
  };
}

function memoryStore(): FileStore {
  const files = new Map<string, File>();
  return {
    async put(id, file) {
      files.set(id, file);
    },
    async get(id) {
      return files.get(id);
    },
    async remove(id) {
      files.delete(id);
    },
  };
}

let store: FileStore | undefined;

export function draftFileStore(): FileStore {
  store ??= typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(indexedDB);
  return store;
}

/** Tests: start from an empty store. */
export function resetDraftFileStoreForTests(): void {
  store = undefined;
}

export function draftFileId(storageKey: string, entryKey: string, fieldKey: string): string {
  return `${storageKey}/${entryKey}/${fieldKey}`;
}

/** The document key of a signed-in user's chosen files on this device (entries are portfolio ids). */
export const accountFilesKey = (userId: string) => `account.${userId}`;
