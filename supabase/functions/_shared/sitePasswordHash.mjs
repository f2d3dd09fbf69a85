// A site's password as kept (issue 49): PBKDF2-HMAC-SHA512 of its NFC form, salted, with stated
// rounds, through WebCrypto, so the publish function (Deno) hashes a new password and the site's
// server (Node, tooling/pageProtection.mjs) hashes a visitor's try the same way. Only the hash is
// kept (public.site_passwords); the database compares.

/** Rounds for a new password: OWASP's figure for PBKDF2-HMAC-SHA512. */
export const SITE_PASSWORD_ITERATIONS = 210_000;

const toHex = (/** @type {Uint8Array} */ bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const fromHex = (/** @type {string} */ hex) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/** A new random salt, 16 bytes as hex. */
export function newSiteSalt() {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * The hex hash of `password` with `salt` (hex) and `iterations` rounds: 64 bytes, 128 hex digits.
 * @param {string} password
 * @param {string} salt
 * @param {number} iterations
 * @returns {Promise<string>}
 */
export async function hashSitePassword(password, salt, iterations) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt: fromHex(salt), iterations }, key, 512);
  return toHex(new Uint8Array(bits));
}
