// Signed URLs: a JWT signed with the project's secret, carrying the object's "bucket/key" and an expiry.
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { LocalCloudContext } from '../context.ts';
import { storageErrors } from './errors.ts';

export async function signObjectUrl(ctx: LocalCloudContext, bucket: string, key: string, expiresIn: number): Promise<string> {
  const url = `${bucket}/${key}`;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ url, iat: now, exp: now + expiresIn })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(ctx.keys.jwtSecret));
  // Unencoded like storage's answer: storage-js applies encodeURI to the whole URL itself.
  return `/object/sign/${url}?token=${token}`;
}

/** Verified with jose directly: these tokens carry no role and must never pass as API keys. */
export async function verifyObjectToken(ctx: LocalCloudContext, token: string | undefined, bucket: string, key: string): Promise<void> {
  if (!token) throw storageErrors.invalidSignature('Missing token');
  let url: unknown;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(ctx.keys.jwtSecret), { algorithms: ['HS256'] });
    url = payload.url;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw storageErrors.expiredToken();
    throw storageErrors.invalidSignature();
  }
  if (url !== `${bucket}/${key}`) throw storageErrors.invalidSignature('Invalid signature: the token is for another object');
}
