// Pictures and resumes are references in the model (model/files.ts); a page shows them through the
// addresses its host hands in: the editor's object URLs and signed URLs, the published page's copies,
// an export's paths. Bundled samples are found here; anything else unsafe or unknown shows nothing.
import { createContext, useContext, type ReactNode } from 'react';
import { isSafeAssetUrl } from '@folioforge/shared';
import { SAMPLE_NAMES, type SampleName } from '../model';
import { SAMPLE_URLS } from '../assets';

/** Addresses per reference (`storage:…`, `device:…`) for the page being drawn. */
export const AssetUrlsContext = createContext<Readonly<Record<string, string>>>({});

export function AssetUrlsProvider({ urls, children }: { urls: Readonly<Record<string, string>>; children: ReactNode }) {
  return <AssetUrlsContext.Provider value={urls}>{children}</AssetUrlsContext.Provider>;
}

/** The address a file value shows at, or undefined when there is nothing (safe) to show. */
export function resolveAsset(value: string | undefined, urls: Readonly<Record<string, string>>): string | undefined {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('sample:')) {
    // A published page serves its samples as its own files; elsewhere they are the bundle's.
    if (urls[trimmed] && isSafeAssetUrl(urls[trimmed])) return urls[trimmed];
    const name = trimmed.slice('sample:'.length);
    return (SAMPLE_NAMES as readonly string[]).includes(name) ? SAMPLE_URLS[name as SampleName] : undefined;
  }
  if (trimmed.startsWith('storage:') || trimmed.startsWith('device:')) {
    const url = urls[trimmed];
    return isSafeAssetUrl(url) ? url : undefined;
  }
  return isSafeAssetUrl(trimmed) ? trimmed : undefined;
}

export function useAssetUrl(value: string | undefined): string | undefined {
  return resolveAsset(value, useContext(AssetUrlsContext));
}
