// Time-based one-time passwords as GoTrue makes and checks them (pquerna/otp): RFC 6238 with
// HMAC-SHA1, 6 digits, 30-second steps, a 20-byte secret in unpadded base32, ±1 step of clock skew.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import qrcode from 'qrcode-generator';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;

function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The step a moment falls in. */
export const totpStep = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_PERIOD_SECONDS);

/** RFC 4226's HOTP for one step. */
export function totpCodeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** The step (now, one before or one after) whose code this is, or null. Compared in constant time. */
export function matchingTotpStep(secret: string, code: string, unixSeconds = Date.now() / 1000): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(unixSeconds);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    if (timingSafeEqual(Buffer.from(totpCodeAt(secret, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** The key URI authenticator apps read (the format pquerna/otp's Key.URL writes). */
export function otpauthUri(issuer: string, accountName: string, secret: string): string {
  const query = new URLSearchParams({ algorithm: 'SHA1', digits: String(DIGITS), issuer, period: String(TOTP_PERIOD_SECONDS), secret });
  // The label is a URL path, escaped as Go's url.URL escapes one (':' and '@' stay as they are).
  const label = (text: string) => encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%40/g, '@');
  return `otpauth://totp/${label(issuer)}:${label(accountName)}?${query.toString().replace(/\+/g, '%20')}`;
}

/**
 * The QR code of the key URI as an SVG document, as GoTrue answers it (error correction H, three
 * pixels a module). Colours by name: auth-js puts the SVG unencoded in a data: URL, where '#' would
 * end it.
 */
export function qrCodeSvg(text: string, moduleSize = 3): string {
  const qr = qrcode(0, 'H');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const border = 4;
  const size = (count + border * 2) * moduleSize;
  const rects: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) {
        rects.push(
          `<rect x="${(col + border) * moduleSize}" y="${(row + border) * moduleSize}" width="${moduleSize}" height="${moduleSize}" style="fill:black;stroke:none"/>`,
        );
      }
    }
  }
  return (
    `<?xml version="1.0"?>\n<svg width="${size}" height="${size}" xmlns="http://www.w3.org/2000/svg">\n` +
    `<rect x="0" y="0" width="${size}" height="${size}" style="fill:white;stroke:none"/>\n${rects.join('\n')}\n</svg>\n`
  );
}
