import type { JwtClaims, Queryable } from '../context.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * The `set local role` statement for a request. The role comes from a verified JWT, but it is
 * still checked against the three API roles so no other role name can reach SQL text.
 */
function setRoleStatement(claims: JwtClaims): string {
  if (!API_ROLES.has(claims.role)) throw new Error(`unsupported role ${String(claims.role)}`);
  return `set local role ${claims.role}`;
}

const SET_CLAIMS_SQL =
  "select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claim.role', $3, true)";

function claimsParams(claims: JwtClaims): string[] {
  return [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', claims.role];
}

/**
 * Makes a transaction act for the caller, as PostgREST does: the claims readable through
 * `auth.uid()`/`auth.jwt()`, then the caller's role, so row-level security decides. Both backends
 * open their transaction their own way and then call this.
 */
export async function actAs(q: Queryable, claims: JwtClaims): Promise<void> {
  await q.query(SET_CLAIMS_SQL, claimsParams(claims));
  await q.query(setRoleStatement(claims));
}
