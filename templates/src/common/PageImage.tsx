// A picture of a page: where it shows (common/assets.tsx resolves the reference) and, on a published
// page, what the renderer knows of the stored file: its pixel size for `width`/`height` (no layout
// shift) and its narrower copies for `srcset` (the imageVariants naming contract). Pictures at the
// top of a template (`priority`) load at once; every other one lazily.
import { createContext, useContext } from 'react';
import { useAssetUrl } from './assets';

export interface PageImageInfo {
  width: number;
  height: number;
  /** `url 640w, …` of the stored copies, the main file last; none for a file without copies. */
  srcset?: string;
}

/** What the renderer knows of a page's stored pictures, by reference (`storage:…`). */
export const PageImagesContext = createContext<Readonly<Record<string, PageImageInfo>>>({});

export interface PageImageProps {
  /** The file value (`sample:…`, `storage:…`, an https address…). */
  value: string | undefined;
  alt: string;
  className?: string;
  /** At the top of the page: loaded at once and with priority (the page's preload names the first). */
  priority?: boolean;
  /** How wide it shows, for `srcset` (CSS `sizes`). */
  sizes?: string;
}

export function PageImage({ value, alt, className, priority = false, sizes = '(min-width: 48rem) 50vw, 100vw' }: PageImageProps) {
  const src = useAssetUrl(value);
  const info = useContext(PageImagesContext)[value ?? ''];
  if (!src) return null;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={info?.width}
      height={info?.height}
      srcSet={info?.srcset}
      sizes={info?.srcset ? sizes : undefined}
      loading={priority ? undefined : 'lazy'}
      decoding={priority ? undefined : 'async'}
      data-priority={priority ? 'true' : undefined}
    />
  );
}
