import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, saveDownload } from '@folioforge/shared';
import { fetchBrandKit, type BrandKit } from './publishApi';
import { usePlanFeatures } from './usePlanFeatures';
import styles from './PublishPanel.module.scss';

/** An SVG drawn into a PNG of its own size, by the browser's canvas. */
async function pngOf(svg: string, width: number, height: number): Promise<Uint8Array> {
  const image = new Image(width, height);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('This browser could not draw the images.');
  return new Uint8Array(await blob.arrayBuffer());
}

/** The kit as one zip: logo.svg, and each share image as PNG (to post) and SVG (to edit). */
async function zipOf(kit: BrandKit): Promise<Blob> {
  // fflate loads only when someone downloads a kit.
  const { strToU8, zipSync } = await import(/* webpackChunkName: "zip" */ 'fflate');
  const files: Record<string, Uint8Array> = { 'logo.svg': strToU8(kit.logo), 'logo-512x512.png': await pngOf(kit.logo, 512, 512) };
  for (const image of kit.images) {
    files[`${image.name}.png`] = await pngOf(image.svg, image.width, image.height);
    files[`${image.name}.svg`] = strToU8(image.svg);
  }
  return new Blob([zipSync(files)], { type: 'application/zip' });
}

/** Professional logo and social media logo files (Premium): one download, made from the saved portfolio. */
export function BrandKitDownload({ userId, portfolioId, prepare }: { userId: string; portfolioId: string; prepare?: () => Promise<void> }) {
  const features = usePlanFeatures(userId);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'done' | 'problem'; text: string } | undefined>(undefined);

  const download = async () => {
    setBusy(true);
    setNote(undefined);
    try {
      await prepare?.();
      saveDownload(await zipOf(await fetchBrandKit(portfolioId)), 'logo-and-share-images.zip');
      setNote({ tone: 'done', text: 'Downloaded logo-and-share-images.zip: your logo, and images for link previews, posts and profiles.' });
    } catch (error) {
      setNote({ tone: 'problem', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.kit}>
      <p className={styles.label}>Logo and share images</p>
      {features.data?.brandKit ? (
        <Button variant="secondary" busy={busy} onClick={() => void download()}>
          Download logo and share images (.zip)
        </Button>
      ) : features.data ? (
        <p className={styles.hint}>
          The Premium plan makes a logo and share images (1200×630, 1080×1080, 400×400) from your page.{' '}
          <Link to="/pricing">See the plans</Link>
        </p>
      ) : null}
      <p role={note?.tone === 'problem' ? 'alert' : 'status'} className={note?.tone === 'problem' ? styles.error : styles.hint}>
        {note?.text ?? ''}
      </p>
    </div>
  );
}
