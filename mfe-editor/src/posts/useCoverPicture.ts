// The post's cover picture through the editor's image pipeline (mfe-editor/src/images), as a
// section's picture goes: resized and re-encoded on this device with its narrower copies, then stored
// in the portfolio's folder of `portfolio-images`; the post names the stored file (`storage:…`), which
// the publish function copies beside the post's page. A GIF goes as chosen (it keeps its animation).
import { useCallback, useEffect, useRef, useState } from 'react';
import { getRuntimeConfig, getSupabase, useAuthStore } from '@folioforge/shared';
import type { UploadState } from '../editing/portfolioEditor';
import { loadImagePreparer } from '../images/loadImagePreparer';
import { ImagePreparationError } from '../images/preparedUploads';
import { IMAGE_BUCKET, newFilePath, signedUrlsFor, uploadPortfolioFile, uploadPreparedImage } from '../portfolios/portfolioFiles';

export interface CoverPicture {
  upload: UploadState | undefined;
  /** The chosen file's name, once known. */
  fileName: string | undefined;
  /** What to show of the cover: a signed URL of the stored file, or the file as chosen. */
  previewUrl: string | undefined;
  choose: (file: File) => void;
}

export function useCoverPicture(userId: string, portfolioId: string, cover: string, setCover: (value: string) => void): CoverPicture {
  const [upload, setUpload] = useState<UploadState>();
  const [fileName, setFileName] = useState<string>();
  const [signed, setSigned] = useState<Record<string, string>>({});
  const [chosenUrl, setChosenUrl] = useState<string>();
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => () => (chosenUrl ? URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);

  // A stored cover shows through a short-lived signed URL (the bucket is private).
  useEffect(() => {
    if (!cover.startsWith('storage:') || signed[cover]) return;
    signedUrlsFor(getSupabase(), userId, [cover]).then(
      (urls) => {
        if (alive.current) setSigned((known) => ({ ...known, ...urls }));
      },
      (error: unknown) => console.warn('[FolioForge] could not show the cover picture:', error),
    );
  }, [cover, signed, userId]);

  const choose = useCallback(
    (file: File) => {
      const name = file.name;
      const request = { config: getRuntimeConfig(), accessToken: useAuthStore.getState().session?.access_token };
      const stored = (ref: string, saving?: string) => {
        if (!alive.current) return;
        setCover(ref);
        setUpload({ kind: 'stored', fileName: name, saving });
      };
      const failed = (error: unknown) => {
        if (!alive.current) return;
        const message = error instanceof Error ? error.message : String(error);
        setUpload({ kind: 'failed', message: error instanceof ImagePreparationError ? `"${name}": ${message}` : message });
      };
      setFileName(name);
      setChosenUrl(URL.createObjectURL(file));
      setUpload({ kind: 'preparing', fileName: name, fraction: 0 });
      loadImagePreparer()
        .then(async (preparer) => {
          if (!preparer.isPreparable(file)) {
            setUpload({ kind: 'uploading', fileName: name, fraction: 0 });
            const ref = await uploadPortfolioFile({
              ...request,
              ref: { bucket: IMAGE_BUCKET, path: newFilePath(userId, portfolioId, 'cover', file) },
              file,
              kind: 'image',
              onProgress: (fraction) => setUpload({ kind: 'uploading', fileName: name, fraction }),
            });
            stored(ref);
            return;
          }
          const prepared = await preparer.prepareImage(file, {
            onProgress: (fraction) => setUpload({ kind: 'preparing', fileName: name, fraction }),
          });
          const { saving } = prepared;
          setUpload({ kind: 'uploading', fileName: name, fraction: 0, saving });
          const ref = await uploadPreparedImage({
            ...request,
            client: getSupabase(),
            userId,
            portfolioId,
            prepared,
            fileName: name,
            onProgress: (fraction) => setUpload({ kind: 'uploading', fileName: name, fraction, saving }),
          });
          stored(ref, saving);
        })
        .catch(failed);
    },
    [portfolioId, setCover, userId],
  );

  const previewUrl = cover ? (signed[cover] ?? (upload?.kind === 'stored' ? chosenUrl : undefined)) : undefined;
  return { upload: cover || upload?.kind !== 'stored' ? upload : undefined, fileName, previewUrl, choose };
}
