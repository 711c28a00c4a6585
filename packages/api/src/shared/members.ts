import { z } from 'zod'

export const roleSchema = z.enum(['owner', 'admin', 'member'], {
  message: 'Choose a role: owner, admin or member.',
})

export const invitationEmailSchema = z
  .string()
  .trim()
  .min(1, 'Enter the e-mail address of the person to invite.')
  .max(254, 'An e-mail address has at most 254 characters.')
  .toLowerCase()
  .pipe(z.email('Enter an e-mail address, like ada@example.com.'))

/** `invitations.create` */
export const createInvitationInput = z.object({
  organizationSlug: z.string(),
  email: invitationEmailSchema,
  role: roleSchema,
})
