import { useEffect, useMemo, useRef } from 'react';
import { fileSlotsOf, isDeviceRef, isStorageRef, type FileSlot } from '@folioforge/templates';
import { deviceFile, keepOnDevice, newDeviceRef } from '../portfolios/deviceFiles';
import type { FileFieldKind } from '../portfolios/fileRules';
import { loadImagePreparer } from '../images/loadImagePreparer';
import { ImagePreparationError } from '../images/preparedUploads';
import type { DraftTarget } from '../drafts/draftTarget';
import type { FileActions } from './editorHooks';
import type { PortfolioEditor } from './portfolioEditor';
import { itemPath, profilePath, readField, type FieldPath } from './portfolioEdits';

const pathOf = (slot: FileSlot): FieldPath =>
  slot.scope === 'profile' ? profilePath(slot.key) : itemPath(slot.sectionId, slot.itemId, slot.key);

/**
 * Pictures and resumes of the portfolio being edited: a chosen file shows at once (an object URL) and
 * is kept on this device (`device:`); a photo is then prepared for the web (mfe-editor/src/images:
 * resized, re-encoded, with its narrower copies) and the saving shown; signed in, it goes up to the
 * account's storage with its progress shown, and the field names the stored file (`storage:`), or
 * goes back if it is refused.
 * Stored files show through signed URLs, files on this device through object URLs.
 */
export function useEditorFiles(editor: PortfolioEditor, target: DraftTarget): FileActions {
  const objectUrls = useRef<string[]>([]);
  const uploading = useRef(new Set<string>());

  const upload = useMemo(() => {
    return (ref: string, path: FieldPath, kind: FileFieldKind, file: File, before: string) => {
      if (uploading.current.has(ref)) return;
      uploading.current.add(ref);
      const fileName = file.name;
      const stored = (storedRef: string, saving?: string) => {
        uploading.current.delete(ref);
        const url = editor.store.getState().urls[ref];
        if (url) editor.showFiles({ [storedRef]: url });
        editor.nameFile(storedRef, fileName);
        editor.replaceFile(ref, storedRef);
        editor.setUpload(path, { kind: 'stored', fileName, saving });
      };
      const failed = (error: unknown) => {
        uploading.current.delete(ref);
        // Refused (not a picture, its size, its content, the plan's space) or no connection: the field goes back.
        editor.replaceFile(ref, before);
        const message = error instanceof Error ? error.message : String(error);
        editor.setUpload(path, { kind: 'failed', message: error instanceof ImagePreparationError ? `"${fileName}": ${message}` : message });
      };
      const sendAsChosen = () => {
        const send = target.uploadFile;
        if (!send) {
          uploading.current.delete(ref);
          return;
        }
        editor.setUpload(path, { kind: 'uploading', fileName, fraction: 0 });
        send(kind, file, (fraction) => editor.setUpload(path, { kind: 'uploading', fileName, fraction })).then(stored, failed);
      };
      if (kind !== 'image') {
        sendAsChosen();
        return;
      }
      // A photo is resized and re-encoded here first (a GIF keeps its animation and goes as chosen):
      // the page then serves a few hundred KB, in the sizes `srcset` needs, never the camera's megabytes.
      editor.setUpload(path, { kind: 'preparing', fileName, fraction: 0 });
      loadImagePreparer()
        .then(async (preparer) => {
          if (!preparer.isPreparable(file)) {
            editor.setUpload(path, undefined);
            sendAsChosen();
            return;
          }
          const prepared = await preparer.prepareImage(file, {
            onProgress: (fraction) => editor.setUpload(path, { kind: 'preparing', fileName, fraction }),
          });
          const { saving } = prepared;
          // This device keeps the lighter file (a draft's picture, until it goes up to the account).
          keepOnDevice(ref, new File([prepared.main.blob], fileName, { type: prepared.main.blob.type })).catch((error: unknown) =>
            console.warn('[FolioForge] could not keep the prepared picture for later:', error),
          );
          const send = target.uploadImage;
          if (!send) {
            uploading.current.delete(ref);
            editor.setUpload(path, { kind: 'prepared', fileName, saving });
            return;
          }
          editor.setUpload(path, { kind: 'uploading', fileName, fraction: 0, saving });
          const storedRef = await send(prepared, fileName, (fraction) =>
            editor.setUpload(path, { kind: 'uploading', fileName, fraction, saving }),
          );
          stored(storedRef, saving);
        })
        .catch(failed);
    };
  }, [editor, target]);

  // Files named by the portfolio (as it opens, and as undo brings others back) are shown from where they are.
  useEffect(() => {
    let alive = true;
    const resolving = new Set<string>();
    const resolve = () => {
      const { urls, portfolio } = editor.store.getState();
      const missing = fileSlotsOf(portfolio).filter(
        ({ value }) => (isDeviceRef(value) || isStorageRef(value)) && !urls[value] && !resolving.has(value),
      );
      const stored = [...new Set(missing.map(({ value }) => value).filter(isStorageRef))];
      for (const { slot, value, kind } of missing) {
        if (!isDeviceRef(value) || resolving.has(value)) continue;
        resolving.add(value);
        void deviceFile(value).then((file) => {
          if (!alive || !file) return;
          const url = URL.createObjectURL(file);
          objectUrls.current.push(url);
          editor.showFiles({ [value]: url });
          editor.nameFile(value, file.name);
          // Signed in, a file still only on this device (chosen offline, or carried in from a visitor's draft) goes up now.
          if (target.uploadFile) upload(value, pathOf(slot), kind, file, '');
        });
      }
      if (stored.length && target.signStoredFiles) {
        for (const ref of stored) resolving.add(ref);
        target.signStoredFiles(stored).then(
          (signed) => {
            if (alive) editor.showFiles(signed);
          },
          (error: unknown) => console.warn('[FolioForge] could not show the stored files:', error),
        );
      }
    };
    resolve();
    const stop = editor.store.subscribe((state, previous) => {
      if (state.portfolio !== previous.portfolio) resolve();
    });
    return () => {
      alive = false;
      stop();
    };
  }, [editor, target, upload]);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls.splice(0)) URL.revokeObjectURL(url);
    };
  }, []);

  return useMemo<FileActions>(
    () => ({
      choose: (path, kind, file) => {
        const before = readField(editor.portfolio, path);
        const ref = newDeviceRef();
        const url = URL.createObjectURL(file);
        objectUrls.current.push(url);
        editor.showFiles({ [ref]: url });
        editor.nameFile(ref, file.name);
        editor.setUpload(path, undefined);
        editor.setFile(path, ref);
        keepOnDevice(ref, file).catch((error: unknown) => console.warn('[FolioForge] could not keep the chosen file for later:', error));
        upload(ref, path, kind, file, before);
      },
      remove: (path) => {
        editor.setUpload(path, undefined);
        editor.setFile(path, '');
      },
    }),
    [editor, upload],
  );
}
