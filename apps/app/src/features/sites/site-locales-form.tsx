import {
  localeMapping,
  localeUrl,
  type LocaleUrlKind,
  siteLocaleRows,
  type SiteLocaleRow,
} from '@headmark/api/site-locales'
import { Button, Card, CardContent, Field, Input, Select, toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { errorText, fieldMessages } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { invalidateSiteData, type Site } from './queries.ts'

const KINDS: Array<{ value: LocaleUrlKind; label: string }> = [
  { value: 'path-prefix', label: 'Path prefix' },
  { value: 'subdomain', label: 'Subdomain' },
  { value: 'domain', label: 'Domain' },
]

const PLACEHOLDERS: Record<LocaleUrlKind, string> = {
  'path-prefix': '/de (empty: the root)',
  subdomain: 'de',
  domain: 'acme.de',
}

/**
 * The site's languages: one row per locale (its hreflang code and where its pages are), and
 * the default locale, whose metadata is each page's own and whose URL is the x-default. With no
 * rows the site has one language and serves exactly what it did before.
 */
export function SiteLocalesForm({
  organizationSlug,
  site,
}: {
  organizationSlug: string
  site: Site
}) {
  const queryClient = useQueryClient()
  const [rows, setRows] = useState<SiteLocaleRow[]>(() => siteLocaleRows(site.locales))
  const [defaultLocale, setDefaultLocale] = useState(site.locales?.defaultLocale ?? '')
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)

  const update = useInlineMutation(
    orpc.sites.updateLocales.mutationOptions({
      onSuccess: async (saved) => {
        setRows(siteLocaleRows(saved.locales))
        setDefaultLocale(saved.locales?.defaultLocale ?? '')
        setErrors({})
        setFormError(null)
        toast.success(saved.locales ? 'Locales saved.' : 'The site has one language again.')
        await invalidateSiteData(queryClient)
      },
      onError: (error) => {
        const messages = fieldMessages(error)
        setErrors(messages)
        setFormError(
          Object.keys(messages).length > 0 ? 'Some locales need a change.' : errorText(error),
        )
      },
    }),
  )

  const change = (index: number, patch: Partial<SiteLocaleRow>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)))
  const codes = rows.map((row) => row.code.trim()).filter((code) => code !== '')
  const preview = (row: SiteLocaleRow): string | null => {
    const code = row.code.trim()
    if (!code) return null
    const value = row.value.trim()
    const url =
      row.kind === 'path-prefix'
        ? ({ kind: 'path-prefix', prefix: value } as const)
        : row.kind === 'subdomain'
          ? ({ kind: 'subdomain', subdomain: value.toLowerCase() } as const)
          : ({ kind: 'domain', hostname: value.toLowerCase() } as const)
    if (row.kind !== 'path-prefix' && !value) return null
    try {
      return localeUrl(
        localeMapping(site.hostname, { defaultLocale: code, locales: [{ code, url }] }),
        code,
        '/pricing',
      )
    } catch {
      return null
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    update.mutate({
      organizationSlug,
      siteHostname: site.hostname,
      locales: rows,
      defaultLocale: rows.length === 0 ? '' : defaultLocale,
    })
  }

  return (
    <Card>
      <CardContent>
        <form className="stack" aria-labelledby="locales-heading" onSubmit={submit} noValidate>
          <div>
            <h2 id="locales-heading" className="card-heading">
              Locales
            </h2>
            <p className="muted small">
              The languages the site is in and where each one’s pages are. Every page then has one
              set of metadata per locale; a locale without its own inherits the default locale’s.
              Headmark serves each page’s hreflang links from these addresses.
            </p>
          </div>
          <FormAlert message={formError} />
          {rows.length === 0 ? (
            <p className="muted">One language: pages have one set of metadata.</p>
          ) : (
            <ul className="locale-rows" aria-label="Locales">
              {rows.map((row, index) => {
                const example = preview(row)
                return (
                  <li key={index} className="locale-row">
                    <Field
                      label="Language code"
                      error={errors[`locales.${index}.code`]}
                      className="locale-row__code"
                    >
                      <Input
                        value={row.code}
                        placeholder="de"
                        autoCapitalize="off"
                        spellCheck={false}
                        onChange={(event) => change(index, { code: event.currentTarget.value })}
                      />
                    </Field>
                    <Field label="Addresses" className="locale-row__kind">
                      <Select
                        options={KINDS}
                        value={row.kind}
                        onValueChange={(kind) => change(index, { kind: kind as LocaleUrlKind })}
                      />
                    </Field>
                    <Field
                      label={
                        row.kind === 'path-prefix'
                          ? 'Path prefix'
                          : row.kind === 'subdomain'
                            ? 'Subdomain'
                            : 'Domain'
                      }
                      error={errors[`locales.${index}.value`]}
                      description={example ? `e.g. ${example}` : undefined}
                      className="locale-row__value"
                    >
                      <Input
                        value={row.value}
                        placeholder={PLACEHOLDERS[row.kind]}
                        autoCapitalize="off"
                        spellCheck={false}
                        onChange={(event) => change(index, { value: event.currentTarget.value })}
                      />
                    </Field>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="locale-row__remove"
                      aria-label={`Remove ${row.code.trim() || 'this locale'}`}
                      onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
                    >
                      Remove
                    </Button>
                  </li>
                )
              })}
            </ul>
          )}
          <div className="actions">
            <Button
              type="button"
              variant="secondary"
              onClick={() =>
                setRows((current) => [
                  ...current,
                  {
                    code: '',
                    kind: 'path-prefix',
                    value: current.length === 0 ? '' : '/',
                  },
                ])
              }
            >
              Add a locale
            </Button>
          </div>
          {rows.length === 0 ? null : (
            <Field
              label="Default locale"
              description="Its metadata is each page’s own, the others inherit it, and its address is the x-default."
              error={errors.defaultLocale}
            >
              <Select
                options={codes.map((code) => ({ value: code, label: code }))}
                placeholder="Choose the default locale"
                value={codes.includes(defaultLocale) ? defaultLocale : ''}
                onValueChange={setDefaultLocale}
              />
            </Field>
          )}
          <div className="actions">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save locales'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
