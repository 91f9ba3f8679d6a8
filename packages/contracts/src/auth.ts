/** Request and response bodies of the auth calls (spec §7 "Auth"). */
import { z } from 'zod';
import { orgSummarySchema, userSummarySchema } from './profile';
import { nameText } from './text';
import { emailSchema, passwordSchema } from './validation';

export const signInBodySchema = z.object({
  email: emailSchema,
  // The sign-in form checks shape only; the password rule applies when one is chosen.
  password: z.string().min(1, { error: 'Password is required' }).max(128),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signInResponseSchema = z.object({
  user: userSummarySchema,
  orgs: z.array(orgSummarySchema),
  /** Short-lived token sent as the Auth-Token header of POST /orgs/{id}/sign-in. */
  auth_token: z.string(),
  auth_token_expires_in: z.number().int(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const orgIdParamsSchema = z.object({
  id: z.string().uuid({ error: 'Organization id must be a UUID' }),
});

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const orgSignInResponseSchema = tokenPairSchema.extend({
  user_id: z.string().uuid(),
  org_id: z.string().uuid(),
});
export type OrgSignInResponse = z.infer<typeof orgSignInResponseSchema>;

/** Tokens are opaque to the client; the bound keeps megabytes from being parsed or hashed. */
const tokenText = z.string().min(1).max(4096, { error: 'The token is too long' });

export const validateTokenBodySchema = z.object({ access_token: tokenText });
export const validateTokenResponseSchema = z.object({
  is_valid: z.literal(true),
  user_id: z.string().uuid(),
  org_id: z.string().uuid(),
  expires_at: z.string(),
});
export type ValidateTokenResponse = z.infer<typeof validateTokenResponseSchema>;

export const refreshBodySchema = z.object({ refresh_token: tokenText });
export const signOutBodySchema = z.object({
  access_token: tokenText,
  refresh_token: tokenText,
});

export const signUpBodySchema = z.object({
  name: nameText('Name').min(1, { error: 'Name is required' }),
  email: emailSchema,
  password: passwordSchema,
  organization_name: nameText('Organization name').min(2, { error: 'Organization name is required' }),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const orgRequestSchema = z.object({
  id: z.string().uuid(),
  organization_name: z.string(),
  slug: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
});
export const signUpResponseSchema = z.object({ user: userSummarySchema, request: orgRequestSchema });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const validateOrgUrlBodySchema = z.object({ url: nameText('Organization URL', 200) });
export const validateOrgUrlResponseSchema = z.object({
  url: z.string(),
  is_valid: z.boolean(),
  is_available: z.boolean(),
  message: z.string(),
});
export type ValidateOrgUrlResponse = z.infer<typeof validateOrgUrlResponseSchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({ token: tokenText, password: passwordSchema });
export const messageResponseSchema = z.object({ message: z.string() });

/** POST /reports/verify-token: the shared-report token travels in the `token` header. */
export const verifyReportTokenResponseSchema = z.object({ is_valid: z.boolean() });

/**
 * The words of a throttled sign-in (the 429's detail, the sign-in page's countdown): seconds under
 * two minutes, whole minutes after.
 */
export function signInWaitMessage(seconds: number): string {
  return `Too many attempts. Try again in ${waitWords(seconds)}.`;
}

/** The words of a throttled password-reset request (the 429's detail, the forgot-password page's countdown). */
export function resetMailWaitMessage(seconds: number): string {
  return `Too many password reset requests. Try again in ${waitWords(seconds)}.`;
}

/** A wait in words: seconds under two minutes, whole minutes after. */
export function waitWords(seconds: number): string {
  return seconds < 120
    ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
    : `${Math.ceil(seconds / 60)} minutes`;
}
