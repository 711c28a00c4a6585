import { formSchemas } from '~/lib/form-schemas.ts'
import { Button, CodeBlock, Tabs, TabsContent, TabsList, TabsTrigger } from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { TextField } from '~/components/schema-form.tsx'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import {
  OrganizationNav,
  organizationNavItems,
} from '~/features/organizations/organization-nav.tsx'
import { FirstRequestStatus } from '~/features/sites/first-request.tsx'
import { siteQuery } from '~/features/sites/queries.ts'
import { OnboardingSteps } from './onboarding-steps.tsx'
import { publicApiUrlQuery } from './queries.ts'
import { installSnippets } from './snippets.ts'

export interface InstallGuideProps {
  organizationSlug: string
  siteHostname: string
}

/**
 * The install step: the site's DSN, an API key on request (shown once), copy-ready code for
 * Next.js, TanStack Start and any server, with the site's values filled in, and whether the
 * site's server has called yet (live).
 */
export function InstallGuide({ organizationSlug, siteHostname }: InstallGuideProps) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const { data: site } = useSuspenseQuery(siteQuery(organizationSlug, siteHostname))
  const { data: apiUrl } = useSuspenseQuery(publicApiUrlQuery())
  const [apiKey, setApiKey] = useState<string | null>(null)
  const canManageSites = organization.role !== 'member'
  const frameworks = installSnippets({ dsn: site.dsn, apiUrl, apiKey })

  return (
    <div className="onboarding">
      <OrganizationNav
        organizationSlug={organizationSlug}
        items={organizationNavItems(organization.role)}
      />
      <OnboardingSteps current="install" />
      <header className="onboarding-header">
        <h1>Install Headmark on {site.name}</h1>
        <p className="lead">
          Your site’s server fetches each page’s metadata from Headmark with{' '}
          <span className="mono">@headmark/metadata</span> and merges it into the page’s head.
        </p>
      </header>

      <section className="onboarding-section" aria-labelledby="install-dsn">
        <h2 id="install-dsn">The site’s DSN</h2>
        <p>
          It identifies <span className="mono">{site.hostname}</span> to Headmark’s API. It is not a
          secret; you find it again on the site’s page.
        </p>
        <CodeBlock label="DSN" code={site.dsn} copyLabel="Copy" />
      </section>

      <section className="onboarding-section" aria-labelledby="install-key">
        <h2 id="install-key">API key</h2>
        <p>
          {site.requireApiKey
            ? 'This site requires a key: its server sends one with every request.'
            : 'This site does not require a key. Create one if you will turn that on in the site’s settings.'}{' '}
          Keys stay on your server, never in browser code.
        </p>
        {apiKey ? (
          <>
            <CodeBlock label="API key" code={apiKey} copyLabel="Copy key" />
            <p className="onboarding-warning">
              You will not see this key again: Headmark keeps only a hash of it. It is in the code
              below until you leave this page.
            </p>
          </>
        ) : canManageSites ? (
          <CreateKeyForm
            organizationSlug={organizationSlug}
            siteHostname={site.hostname}
            onCreated={setApiKey}
          />
        ) : (
          <p className="muted">Owners and admins create the organization’s API keys.</p>
        )}
      </section>

      <section className="onboarding-section" aria-labelledby="install-code">
        <h2 id="install-code">Add it to your site</h2>
        <Tabs defaultValue={frameworks[0]?.id}>
          <TabsList aria-label="Framework">
            {frameworks.map((framework) => (
              <TabsTrigger key={framework.id} value={framework.id}>
                {framework.name}
              </TabsTrigger>
            ))}
          </TabsList>
          {frameworks.map((framework) => (
            <TabsContent key={framework.id} value={framework.id}>
              <div className="onboarding-files">
                <p className="muted">{framework.intro}</p>
                {framework.files.map((file) => (
                  <CodeBlock
                    key={file.label}
                    label={file.label}
                    language={file.language}
                    code={file.code}
                    copyLabel="Copy"
                  />
                ))}
              </div>
            </TabsContent>
          ))}
        </Tabs>
        <p className="muted small">
          The webhook receiver refreshes a page as soon as someone saves it: add a webhook to the
          site in Headmark with the receiver’s address, and put its secret in the environment. See
          the <Link to="/docs/api">API reference</Link> and the{' '}
          <Link to="/nextjs">Next.js guide</Link>.
        </p>
      </section>

      <section className="onboarding-section" aria-labelledby="install-check">
        <h2 id="install-check">Check that it works</h2>
        <p>
          Deploy, or run your site locally, and open a page: its server’s first call to Headmark
          shows up here.
        </p>
        <FirstRequestStatus
          organizationSlug={organizationSlug}
          siteHostname={siteHostname}
          linkToSite
        />
      </section>

      <div className="onboarding-actions">
        <Button asChild variant="primary" size="lg">
          <Link to="/app/organizations/$organizationSlug" params={{ organizationSlug }}>
            Go to {organization.name}
          </Link>
        </Button>
      </div>
    </div>
  )
}

function CreateKeyForm({
  organizationSlug,
  siteHostname,
  onCreated,
}: {
  organizationSlug: string
  siteHostname: string
  onCreated: (key: string) => void
}) {
  const queryClient = useQueryClient()
  const create = useInlineMutation(
    orpc.siteApiKeys.create.mutationOptions({
      onSuccess: async ({ key }) => {
        onCreated(key)
        await queryClient.invalidateQueries({ queryKey: orpc.siteApiKeys.list.key() })
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.createSiteApiKeyInput,
    defaultValues: { name: 'Production server' },
    submit: ({ name }) => create.mutateAsync({ organizationSlug, siteHostname, name }),
  })

  return (
    <form className="stack" onSubmit={form.onSubmit} noValidate>
      <FormAlert message={form.formError} />
      <div className="onboarding-key">
        <TextField form={form} name="name" label="Key name" maxLength={100} autoComplete="off" />
        <Button type="submit" loading={form.pending}>
          Create API key
        </Button>
      </div>
    </form>
  )
}
