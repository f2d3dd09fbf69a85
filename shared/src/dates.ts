/**
 * A date formatter built on its first use. A page's first Intl.DateTimeFormat makes Chromium load
 * its date data (about 200 ms of main thread at Lighthouse's 4× CPU), so a module that only may
 * show a date must not build one as it loads.
 */
export function dateFormatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): (date: Date | string | number) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat(locale, options)).format(new Date(date));
}
