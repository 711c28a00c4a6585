import { IMPORT_UNVERIFIED_MAX, type StartImportInput } from '@headmark/api/shared'
import { formSchemas } from '~/lib/form-schemas.ts'
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CodeBlock,
  DataTable,
  Field,
  Input,
  Textarea,
} from '@headmark/ui'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { SiteNav } from '~/features/sites/site-nav.tsx'
import { Time } from '~/lib/dates.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import {
  HEAD_SOURCE_LABELS,
  importSourceLabel,
  importsQuery,
  type ImportView,
  ownershipQuery,
  STATE_LABELS,
} from './queries.ts'

interface SiteProps {
  organizationSlug: string
  siteHostname: string
}

export const stateTone = {
  queued: 'neutral',
  running: 'accent',
  cancelled: 'warning',
  done: 'success',
  failed: 'danger',
} as const

/**
 * A site's Import screen: bring the live site's pages in (from its sitemap, a list of URLs or one
 * URL, reading the page's own head or Yoast's or Rank Math's), the ownership proof a site-wide
 * import needs, and the imports made so far.
 */
export function ImportScreen({ organizationSlug, siteHostname }: SiteProps) {
  const params = { organizationSlug, siteHostname }
  return (
    <div className="stack-lg imports-page">
      <div>
        <h1>Import</h1>
        <p className="lead">
          Bring in the titles, descriptions and cards {siteHostname} already serves: new paths
          become pages, and changes to pages you have are a change set to review first.
        </p>
      </div>
      <SiteNav {...params} />
      <OwnershipPanel {...params} />
      <StartImportCard {...params} />
      <PastImports {...params} />
    </div>
  )
}

function OwnershipPanel({ organizationSlug, siteHostname }: SiteProps) {
  const queryClient = useQueryClient()
  const { data: ownership } = useSuspenseQuery(ownershipQuery(organizationSlug, siteHostname))
  const [homeUrl, setHomeUrl] = useState('')
  const check = useInlineMutation(
    orpc.imports.verifyOwnership.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: orpc.imports.getOwnership.key() }),
    }),
  )
  const result = check.data
  const refusal = check.error instanceof Error ? check.error.message : null
  return (
    <Card aria-labelledby="ownership-heading">
      <CardHeader>
        <CardTitle id="ownership-heading" className="imports-ownership__title">
          Ownership{' '}
          {ownership.verifiedAt ? (
            <Badge tone="success">Verified</Badge>
          ) : (
            <Badge tone="warning">Not verified</Badge>
          )}
        </CardTitle>
        <CardDescription>
          {ownership.verifiedAt ? (
            <>
              {siteHostname} proved it is yours (
              {ownership.method === 'meta' ? 'meta tag' : 'well-known file'}) on{' '}
              <Time value={ownership.verifiedAt} />. Its whole sitemap can be imported.
            </>
          ) : (
            <>
              Importing the sitemap or more than {IMPORT_UNVERIFIED_MAX} URLs needs proof that{' '}
              {siteHostname} is yours. One URL, or up to {IMPORT_UNVERIFIED_MAX}, can be imported
              without it.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="stack">
        {ownership.canVerify && ownership.token && ownership.metaTag ? (
          <>
            <p>Publish this token in one of two ways, then check:</p>
            <ol className="imports-ownership__steps">
              <li>
                <p>In the &lt;head&gt; of the home page:</p>
                <CodeBlock code={ownership.metaTag} label="Meta tag" language="html" />
              </li>
              <li>
                <p>
                  Or as the whole content of <code>{ownership.wellKnownPath}</code>:
                </p>
                <CodeBlock code={ownership.token} label="Token" />
              </li>
            </ol>
            <form
              className="imports-ownership__check"
              onSubmit={(event) => {
                event.preventDefault()
                check.mutate({ organizationSlug, siteHostname, homeUrl })
              }}
            >
              <Field
                label="Home page"
                optional
                description={`Leave empty for https://${siteHostname}/.`}
              >
                <Input
                  name="homeUrl"
                  type="url"
                  inputMode="url"
                  placeholder={`https://${siteHostname}/`}
                  value={homeUrl}
                  onChange={(event) => setHomeUrl(event.currentTarget.value)}
                />
              </Field>
              <Button type="submit" variant="secondary" loading={check.isPending}>
                Check
              </Button>
            </form>
            {result?.verified ? (
              <Alert tone="success" live="polite" compact>
                Verified: {siteHostname} is yours.
              </Alert>
            ) : result ? (
              <Alert tone="danger" live="polite" compact title="Not verified yet">
                {result.reason}
              </Alert>
            ) : refusal ? (
              <Alert tone="danger" live="polite" compact>
                {refusal}
              </Alert>
            ) : null}
          </>
        ) : ownership.verifiedAt ? null : (
          <p className="muted">Ask an owner or an admin of the organization to verify the site.</p>
        )}
      </CardContent>
    </Card>
  )
}

function StartImportCard({ organizationSlug, siteHostname }: SiteProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const start = useInlineMutation(
    orpc.imports.start.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries({ queryKey: orpc.imports.list.key() })
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname/import/$importId',
          params: { organizationSlug, siteHostname, importId: created.id },
        })
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.startImportInput,
    defaultValues: {
      source: 'sitemap',
      sitemapUrl: '',
      urls: '',
      headSource: 'html',
    } as Required<Omit<StartImportInput, 'organizationSlug' | 'siteHostname'>>,
    submit: (values) => start.mutateAsync({ organizationSlug, siteHostname, ...values }),
  })
  const source = form.values.source
  return (
    <Card aria-labelledby="start-import-heading">
      <CardHeader>
        <CardTitle id="start-import-heading">Import pages</CardTitle>
        <CardDescription>
          Headmark reads each page politely (robots.txt, a few requests per second) and shows its
          progress as it goes; you can cancel and resume.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SchemaForm form={form} submitLabel="Start import">
          <fieldset className="imports-choice">
            <legend>Pages from</legend>
            {(
              [
                ['sitemap', 'The sitemap', 'Every page the site lists in its sitemap.'],
                ['urls', 'A list of URLs', 'Paste addresses or paths, one per line.'],
                ['url', 'One URL', 'A single page; no ownership proof needed.'],
              ] as const
            ).map(([value, label, hint]) => (
              <label key={value} className="imports-choice__option">
                <input
                  type="radio"
                  name="source"
                  value={value}
                  checked={source === value}
                  onChange={() => form.setValue('source', value)}
                />
                <span>
                  <span className="imports-choice__label">{label}</span>
                  <span className="muted imports-choice__hint">{hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {source === 'sitemap' ? (
            <TextField
              form={form}
              name="sitemapUrl"
              label="Sitemap address"
              optional
              description={`Empty: the Sitemap: lines of robots.txt, then https://${siteHostname}/sitemap.xml.`}
              type="url"
              inputMode="url"
              placeholder={`https://${siteHostname}/sitemap.xml`}
            />
          ) : source === 'urls' ? (
            <Field
              label="URLs"
              description="One per line: full addresses on this site, or paths such as /pricing."
              error={form.error('urls')}
            >
              <Textarea {...form.input('urls')} rows={6} spellCheck={false} />
            </Field>
          ) : (
            <TextField
              form={form}
              name="urls"
              label="Page address"
              type="url"
              inputMode="url"
              placeholder={`https://${siteHostname}/about`}
            />
          )}
          <fieldset className="imports-choice">
            <legend>Read the head from</legend>
            {(
              [
                ['html', 'The page’s HTML', 'What the page serves today.'],
                ['yoast', 'Yoast SEO (WordPress)', 'The head Yoast intends, from its REST API.'],
                [
                  'rankmath',
                  'Rank Math (WordPress)',
                  'The head Rank Math intends, from its REST API.',
                ],
              ] as const
            ).map(([value, label, hint]) => (
              <label key={value} className="imports-choice__option">
                <input
                  type="radio"
                  name="headSource"
                  value={value}
                  checked={form.values.headSource === value}
                  onChange={() => form.setValue('headSource', value)}
                />
                <span>
                  <span className="imports-choice__label">{label}</span>
                  <span className="muted imports-choice__hint">{hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </SchemaForm>
      </CardContent>
    </Card>
  )
}

function PastImports({ organizationSlug, siteHostname }: SiteProps) {
  const imports = useQuery(importsQuery(organizationSlug, siteHostname))
  return (
    <section aria-labelledby="past-imports-heading" className="stack">
      <h2 id="past-imports-heading">Imports</h2>
      <DataTable<ImportView>
        label="Imports"
        query={imports}
        getRowId={(entry) => entry.id}
        errorTitle="The imports could not be loaded"
        empty={{
          title: 'No imports yet',
          description: 'Imports you start are listed here, with their progress.',
        }}
        columns={[
          {
            id: 'source',
            header: 'Source',
            rowHeader: true,
            className: 'imports-list__source',
            cell: (entry) => (
              <Link
                to="/app/organizations/$organizationSlug/sites/$siteHostname/import/$importId"
                params={{ organizationSlug, siteHostname, importId: entry.id }}
                className="text-link"
              >
                {importSourceLabel(entry.source)}
              </Link>
            ),
          },
          {
            id: 'head',
            header: 'Read from',
            cell: (entry) => HEAD_SOURCE_LABELS[entry.headSource],
          },
          {
            id: 'state',
            header: 'State',
            cell: (entry) => (
              <Badge tone={stateTone[entry.state]}>{STATE_LABELS[entry.state]}</Badge>
            ),
          },
          {
            id: 'progress',
            header: 'Pages',
            cell: (entry) =>
              `${(entry.fetched + entry.failed).toLocaleString('en')} of ${entry.found.toLocaleString('en')}`,
          },
          { id: 'started', header: 'Started', cell: (entry) => <Time value={entry.createdAt} /> },
        ]}
      />
    </section>
  )
}
