// An authenticator app for browser tests: RFC 6238 codes (HMAC-SHA1, 6 digits, 30 s) from the secret
// the account page shows, written apart from local-cloud's own so each checks the other.
import { createHmac } from 'node:crypto';

function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s+/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * An authenticator holding one secret. The server takes each step's code once, so `next()` gives a
 * code for a step after the last one used, waiting for the clock when the accepted window has none
 * left. It never gives the previous step's code: on a slow machine the form may reach the server
 * after the next step began, and that code would then be refused.
 */
export function authenticator(secret: string) {
  let lastStep = -1;
  return {
    async next(): Promise<string> {
      for (;;) {
        const now = Math.floor(Date.now() / 1000 / 30);
        const step = [now, now + 1].find((candidate) => candidate > lastStep);
        if (step !== undefined) {
          lastStep = step;
          return codeAt(secret, step);
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
    /** A code the server does not accept now. */
    wrong(): string {
      const now = Math.floor(Date.now() / 1000 / 30);
      const valid = new Set([now - 1, now, now + 1, now + 2].map((step) => codeAt(secret, step)));
      return ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
    },
  };
}
