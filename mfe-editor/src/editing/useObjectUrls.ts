import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * Object URLs of chosen files, one per field. Replacing a field's file revokes its old URL once
 * the new one has been rendered (so the preview never points at a dead URL); leaving the screen
 * revokes all of them, so chosen files are not kept in memory for the life of the page.
 */
export function useObjectUrls() {
  const live = useRef(new Map<string, string>());
  const retired = useRef<string[]>([]);

  const create = useCallback((fieldKey: string, file: Blob): string => {
    const url = URL.createObjectURL(file);
    const previous = live.current.get(fieldKey);
    if (previous) retired.current.push(previous);
    live.current.set(fieldKey, url);
    return url;
  }, []);

  /** The field no longer shows a chosen file (reset to the sample). */
  const release = useCallback((fieldKey: string) => {
    const previous = live.current.get(fieldKey);
    if (previous) retired.current.push(previous);
    live.current.delete(fieldKey);
  }, []);

  // After every commit: the replaced URLs are no longer on screen.
  useEffect(() => {
    if (retired.current.length === 0) return;
    for (const url of retired.current.splice(0)) URL.revokeObjectURL(url);
  });

  useEffect(() => {
    const urls = live.current;
    const old = retired.current;
    return () => {
      for (const url of [...urls.values(), ...old.splice(0)]) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  return useMemo(() => ({ create, release }), [create, release]);
}
