import { z } from 'zod';

// Unknown keys are allowed (clients send gotrue_meta_security, code_challenge, …) and ignored.
const metadata = z.record(z.string(), z.unknown());

export const SignupBody = z.looseObject({
  email: z.string().optional(),
  password: z.string().optional(),
  data: metadata.nullish(),
});

export const PasswordGrantBody = z.looseObject({
  email: z.string().optional(),
  password: z.string().optional(),
});

export const RefreshGrantBody = z.looseObject({ refresh_token: z.string().optional() });

export const UpdateUserBody = z.looseObject({
  email: z.string().optional(),
  password: z.string().optional(),
  data: metadata.nullish(),
  nonce: z.string().optional(),
});

export const RecoverBody = z.looseObject({ email: z.string().optional() });

export const ResendBody = z.looseObject({ email: z.string().optional(), type: z.string().optional() });

export const VerifyType = z.enum(['signup', 'recovery', 'email_change', 'email', 'magiclink', 'invite']);

export const VerifyBody = z.looseObject({
  type: z.string(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  email: z.string().optional(),
  redirect_to: z.string().optional(),
});

export const EnrollFactorBody = z.looseObject({
  factor_type: z.string().optional(),
  friendly_name: z.string().max(120).optional(),
  issuer: z.string().max(120).optional(),
  phone: z.string().optional(),
});

export const ChallengeFactorBody = z.looseObject({ channel: z.string().optional() });

export const VerifyFactorBody = z.looseObject({ challenge_id: z.string().optional(), code: z.string().optional() });

export const OtpBody = z.looseObject({
  email: z.string().optional(),
  phone: z.string().optional(),
  create_user: z.boolean().optional(),
  data: metadata.nullish(),
  channel: z.string().optional(),
});

export function describeZodError(err: z.ZodError): string {
  const issue = err.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid request body';
}
