import { formSchemas } from '~/lib/form-schemas.ts'
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CodeBlock,
  DataTable,
  Dialog,
  DialogClose,
  DialogContent,
  toast,
} from '@headmark/ui'
import { ORPCError } from '@orpc/client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { DangerConfirm } from '~/components/danger-zone.tsx'
import { actionsColumn, RowAction } from '~/components/row-action.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { type SiteApiKey, siteApiKeysQuery } from './queries.ts'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

export interface SiteApiKeysSectionProps {
  organizationSlug: string
  siteHostname: string
}

/**
 * The "Keys" section of a site's settings: the site's API keys by name, prefix, creation and
 * last use; a new key is shown once, in a dialog with a copy button. Owners and admins only.
 */
export function SiteApiKeysSection({ organizationSlug, siteHostname }: SiteApiKeysSectionProps) {
  const queryClient = useQueryClient()
  const keys = useQuery(siteApiKeysQuery(organizationSlug, siteHostname))
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.siteApiKeys.list.key() })

  const create = useInlineMutation(
    orpc.siteApiKeys.create.mutationOptions({
      onSuccess: async ({ key, apiKey }) => {
        form.form.reset()
        setCreated({ key, name: apiKey.name })
        await refresh()
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.createSiteApiKeyInput,
    defaultValues: { name: '' },
    submit: ({ name }) => create.mutateAsync({ organizationSlug, siteHostname, name }),
    codeFields: { BAD_REQUEST: 'name' },
  })

  const forbidden = keys.error instanceof ORPCError && keys.error.code === 'FORBIDDEN'

  return (
    <Card>
      <CardHeader>
        <CardTitle id="site-api-keys-heading">API keys</CardTitle>
        <CardDescription>
          When the site requires a key, its server sends one with every metadata request as{' '}
          <code>Authorization: Bearer &lt;key&gt;</code>. Keep keys on your server, never in browser
          code.
        </CardDescription>
      </CardHeader>
      <CardContent className="stack">
        {forbidden ? (
          <p className="muted">
            Only the organization’s owners and admins can see and manage API keys.
          </p>
        ) : (
          <DataTable
            label="API keys"
            query={keys}
            errorTitle="The keys could not be loaded"
            empty={{
              title: 'No API keys',
              description:
                'Create one for each server that fetches this site’s metadata, so each can be revoked on its own.',
            }}
            columns={[
              { id: 'name', header: 'Name', rowHeader: true, cell: (apiKey) => apiKey.name },
              {
                id: 'key',
                header: 'Key',
                className: 'site-api-keys__prefix',
                cell: (apiKey) => `${apiKey.prefix}…`,
              },
              {
                id: 'created',
                header: 'Created',
                className: 'site-api-keys__date',
                cell: (apiKey) => dateFormat.format(apiKey.createdAt),
              },
              {
                id: 'last-used',
                header: 'Last used',
                className: 'site-api-keys__date',
                cell: (apiKey) =>
                  apiKey.lastUsedAt ? dateTimeFormat.format(apiKey.lastUsedAt) : 'Never',
              },
              actionsColumn((apiKey: SiteApiKey) => (
                <RevokeButton
                  organizationSlug={organizationSlug}
                  siteHostname={siteHostname}
                  apiKey={apiKey}
                  onRevoked={refresh}
                />
              )),
            ]}
          />
        )}
        {forbidden ? null : (
          <SchemaForm form={form} submitLabel="Create key" className="site-api-keys__create">
            <TextField
              form={form}
              name="name"
              label="New key’s name"
              maxLength={100}
              placeholder="Production server"
            />
          </SchemaForm>
        )}
      </CardContent>
      <Dialog open={created !== null} onOpenChange={(open) => !open && setCreated(null)}>
        {created ? (
          <DialogContent
            title={`Key “${created.name}” created`}
            description="Copy it now and store it in your server’s secrets."
            footer={
              <DialogClose asChild>
                <Button variant="primary">I have copied it</Button>
              </DialogClose>
            }
          >
            <div className="stack">
              <CodeBlock code={created.key} label="API key" copyLabel="Copy key" />
              <p className="site-api-keys__warning">
                You will not see this key again: Headmark keeps only a hash of it.
              </p>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  )
}

function RevokeButton({
  organizationSlug,
  siteHostname,
  apiKey,
  onRevoked,
}: SiteApiKeysSectionProps & {
  apiKey: { id: string; name: string }
  onRevoked: () => Promise<void>
}) {
  const revoke = useInlineMutation(
    orpc.siteApiKeys.revoke.mutationOptions({
      onSuccess: async () => {
        toast.success(`Key “${apiKey.name}” revoked.`)
        await onRevoked()
      },
    }),
  )
  return (
    <DangerConfirm
      trigger={<RowAction variant="ghost" label="Revoke" of={apiKey.name} />}
      title={`Revoke “${apiKey.name}”?`}
      description="Requests that send this key are refused from the next one on, on every server. This can not be undone."
      confirmLabel="Revoke key"
      onConfirm={() => revoke.mutateAsync({ organizationSlug, siteHostname, apiKeyId: apiKey.id })}
    />
  )
}
