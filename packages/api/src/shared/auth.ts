import { z } from 'zod'
import { imageUrlProblem, nameProblem } from '../user-fields.ts'

// The rules better-auth applies at /api/auth (its own checks and the hooks in auth.ts), as a
// schema the app's forms check before sending. Where better-auth has a message of its own, the
// schema's message starts with it.

/** better-auth's `emailAndPassword.minPasswordLength`. */
export const MIN_PASSWORD_LENGTH = 8
/** better-auth's default `maxPasswordLength`. */
export const MAX_PASSWORD_LENGTH = 128

const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address.')
  .pipe(z.email('Invalid email: enter an address such as you@example.com.'))

const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password too short: use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Password too long: use at most ${MAX_PASSWORD_LENGTH} characters.`)

const personNameSchema = z.string().superRefine((name, context) => {
  const problem = nameProblem(name)
  if (problem) context.addIssue({ code: 'custom', message: problem })
})

/** `POST /api/auth/sign-up/email` */
export const signUpInput = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
})

/** `POST /api/auth/sign-in/email` */
export const signInInput = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.'),
})

/** `POST /api/auth/sign-in/magic-link` */
export const magicLinkInput = z.object({ email: emailSchema })

/** better-auth's error codes that concern one field of these forms. */
export const AUTH_CODE_FIELDS = {
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_PASSWORD: 'password',
} as const

/** `POST /api/auth/update-user`: the account screen's profile. */
export const updateProfileInput = z.object({
  name: personNameSchema,
  image: z
    .string()
    .trim()
    .superRefine((image, context) => {
      const problem = imageUrlProblem(image, 'The avatar')
      if (problem) context.addIssue({ code: 'custom', message: problem })
    }),
})

/** `POST /api/auth/change-email`: the new address gets a link; the account changes once it is opened. */
export const changeEmailInput = z.object({ newEmail: emailSchema })

/** `POST /api/auth/change-password` */
export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.'),
  newPassword: newPasswordSchema,
})

/** `POST /api/auth/request-password-reset`: "Forgot password?". */
export const forgotPasswordInput = z.object({ email: emailSchema })

/** `POST /api/auth/reset-password`, with the token from the e-mailed link. */
export const resetPasswordInput = z.object({ newPassword: newPasswordSchema })

/** A password asked again before a sensitive change (two-factor, deleting the account). */
export const confirmPasswordInput = z.object({
  password: z.string().min(1, 'Enter your password.'),
})

/** `POST /api/auth/two-factor/verify-totp` or `/verify-backup-code`: the second step. */
export const twoFactorCodeInput = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter the code from your authenticator app, or a recovery code.')
    .max(64, 'That is not a code: codes have 6 digits, recovery codes 11 characters.'),
})
