import { Button, Field, Input, Select, toast } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { formErrors } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { assignableRoles, invalidateMembership, type Role, roleLabel } from './queries.ts'

type Errors = Partial<Record<'email' | 'role' | 'form', string>>

const roleHelp: Record<Role, string> = {
  member: 'Edits pages and their metadata.',
  admin: 'Also manages sites, webhooks, API keys and members.',
  owner: 'Everything, including deleting the organization and making owners.',
}

/** Invites someone by e-mail with a role; the invitation is valid for 48 hours. */
export function InviteMemberForm({
  organizationSlug,
  myRole,
}: {
  organizationSlug: string
  myRole: Role
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('member')
  const [errors, setErrors] = useState<Errors>({})

  const invite = useMutation({
    ...orpc.invitations.create.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: async (invitation) => {
      toast.success(`Invitation sent to ${invitation.email}.`)
      await invalidateMembership(queryClient)
      await navigate({
        to: '/app/organizations/$organizationSlug/members',
        params: { organizationSlug },
      })
    },
    onError: (error) => setErrors(formErrors(error, ['email', 'role'], { CONFLICT: 'email' })),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!email.trim()) {
      setErrors({ email: 'Enter the e-mail address of the person to invite.' })
      return
    }
    setErrors({})
    invite.mutate({ organizationSlug, email: email.trim(), role })
  }

  return (
    <form onSubmit={onSubmit} className="form-stack" noValidate>
      <FormAlert message={errors.form ?? null} />
      <Field
        label="E-mail"
        required
        error={errors.email}
        description="They get a link that is valid for 48 hours."
      >
        <Input
          name="email"
          type="email"
          value={email}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          placeholder="ada@example.com"
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
      </Field>
      <Field label="Role" required error={errors.role} description={roleHelp[role]}>
        <Select
          name="role"
          value={role}
          options={assignableRoles(myRole).map((value) => ({
            value,
            label: roleLabel[value],
          }))}
          onValueChange={(value) => setRole(value as Role)}
        />
      </Field>
      <Button type="submit" variant="primary" loading={invite.isPending}>
        Send invitation
      </Button>
    </form>
  )
}
