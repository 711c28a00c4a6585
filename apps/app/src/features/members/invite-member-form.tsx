import { formSchemas } from '~/lib/form-schemas.ts'
import { Field, Input, Select, toast } from '@headmark/ui'
import { useNavigate } from '@tanstack/react-router'
import { SchemaForm } from '~/components/schema-form.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm, VERBATIM_INPUT } from '~/lib/use-schema-form.ts'
import { assignableRoles, invalidateMembership, type Role, roleLabel } from './queries.ts'

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
  const navigate = useNavigate()
  const invite = useInlineMutation(
    orpc.invitations.create.mutationOptions({
      onSuccess: async (invitation, _input, _onMutate, { client }) => {
        toast.success(`Invitation sent to ${invitation.email}.`)
        await invalidateMembership(client)
        await navigate({
          to: '/app/organizations/$organizationSlug/members',
          params: { organizationSlug },
        })
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.createInvitationInput,
    defaultValues: { email: '', role: 'member' as Role },
    submit: (values) => invite.mutateAsync({ organizationSlug, ...values }),
    codeFields: { CONFLICT: 'email' },
  })
  const { role } = form.values

  return (
    <SchemaForm form={form} submitLabel="Send invitation">
      <Field
        label="E-mail"
        required
        error={form.error('email')}
        description="They get a link that is valid for 48 hours."
      >
        <Input
          {...form.input('email')}
          type="email"
          {...VERBATIM_INPUT}
          placeholder="ada@example.com"
        />
      </Field>
      <Field label="Role" required error={form.error('role')} description={roleHelp[role]}>
        <Select
          name="role"
          value={role}
          options={assignableRoles(myRole).map((value) => ({
            value,
            label: roleLabel[value],
          }))}
          onValueChange={(value) => form.setValue('role', value as Role)}
        />
      </Field>
    </SchemaForm>
  )
}
