// A site's password (issue 49), the rule written once: the editor shows it beside the field and
// checks with it, the publish function's contract holds every password to it, and the site's server
// (tooling/pageProtection.mjs, Node) says how long a visitor stays let in. Plain JavaScript with no
// zod, so every side can import it and the app's main entry can carry it.

/** @type {{ readonly min: 8, readonly max: 128 }} */
export const SITE_PASSWORD_LIMITS = Object.freeze({ min: 8, max: 128 });

/** How long a visitor who typed the right password stays let in (the site's cookie; the form says so). */
export const SITE_ACCESS_HOURS = 12;
