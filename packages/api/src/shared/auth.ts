import { z } from 'zod'
import { nameProblem } from '../user-fields.ts'

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
} as const
