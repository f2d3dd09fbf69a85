// What the résumé's fonts use of fontkit 2 (templates/src/resume/fonts.ts): it ships no types.
declare module 'fontkit' {
  export function create(bytes: Uint8Array): unknown;
}
