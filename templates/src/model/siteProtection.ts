// Whether the site asks its visitors for a password (issue 49; Pro and Premium). Only the wish lives
// in the portfolio: the password itself is set through the publish function and kept hashed where
// no browser reads it (supabase/migrations/…_site_passwords.sql). Optional, so every row saved
// before it stays valid and reads as "open to everyone".
import { z } from 'zod';
import { builtOnFirstUse } from './builtOnFirstUse';

export interface SiteProtection {
  /** The whole site behind its password. */
  protected?: boolean;
}

export const siteProtectionSchema = builtOnFirstUse(() => z.object({ protected: z.boolean().optional() }));
