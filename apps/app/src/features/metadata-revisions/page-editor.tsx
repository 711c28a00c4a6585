// The served-metadata merge alone: the shared barrel's input schemas (zod) stay off the editor's first load.
import { localeMetadata, servedMetadata, withCluster } from '@headmark/api/served-metadata'
import type { Metadata } from '@headmark/metadata'
import { type LintFinding, lintMetadata } from '@headmark/metadata/lint'
import {
  Alert,
  Button,
  MetadataChecks,
  MetadataEditor,
  type MetadataEditorHandle,
  type MetadataEditorTab,
  type MetadataErrors,
  sameMetadata,
  Spinner,
  toast,
} from '@headmark/ui'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useMemo, useRef, useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { errorText, fieldMessages, isErrorCode } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { lazyWhenIdle } from '~/lib/lazy-when-idle.tsx'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { invalidateChangeRequests } from '~/features/change-requests/queries.ts'
import { type PageDetails, pageQuery } from '~/features/pages/queries.ts'
import { invalidateSiteData } from '~/features/sites/queries.ts'
import { PreviewsPanel } from './previews-panel.tsx'
import type { Revision } from './queries.ts'
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx'
import { useSaveShortcut } from './use-save-shortcut.ts'

// The conflict panel loads when a save first meets a newer revision.
const ConflictPanel = lazy(() =>
  import('./conflict-panel.tsx').then(({ ConflictPanel }) => ({ default: ConflictPanel })),
)

// An older revision's read-only view loads when one is opened.
const RevisionView = lazy(() =>
  import('./revision-view.tsx').then(({ RevisionView }) => ({ default: RevisionView })),
)

// The list of revisions is in the page's HTML, its links work before the code comes; the code
// loads once the editor is interactive and the browser idle.
const RevisionsPanel = lazyWhenIdle(() =>
  import('./revisions-panel.tsx').then(({ RevisionsPanel }) => RevisionsPanel),
)

// The page's checks as each crawler sees it, and whether the last save is live on the site: in
// the page's HTML, their code loads once the editor is interactive and the browser idle.
const CrawlersPanel = lazyWhenIdle(() =>
  import('~/features/health/crawlers-panel.tsx').then(({ CrawlersPanel }) => CrawlersPanel),
)
const LivePanel = lazyWhenIdle(() =>
  import('~/features/health/live-panel.tsx').then(({ LivePanel }) => LivePanel),
)

// What the page serves, as tags (a code block): in the page's HTML, its code loads once the
// editor is interactive and the browser idle.
const ServedPanel = lazyWhenIdle(() =>
  import('./served-panel.tsx').then(({ ServedPanel }) => ServedPanel),
)

// The locale switcher (links, which work before its code comes) and the language links and
// structured data the page serves: in the page's HTML, their code loads once the editor is
// interactive and the browser idle.
const LocaleSwitcher = lazyWhenIdle(() =>
  import('./locale-switcher.tsx').then(({ LocaleSwitcher }) => LocaleSwitcher),
)
const LanguageVersionsPanel = lazyWhenIdle(() =>
  import('./language-versions-panel.tsx').then(
    ({ LanguageVersionsPanel }) => LanguageVersionsPanel,
  ),
)

// The revision diff loads when a revision is first compared.
const CompareDialog = lazy(() =>
  import('./compare-dialog.tsx').then(({ CompareDialog }) => ({ default: CompareDialog })),
)

interface PageEditorProps {
  organizationSlug: string
  siteHostname: string
  /** null: the site's defaults. */
  pagePath: string | null
  tab: MetadataEditorTab
  onTabChange: (tab: MetadataEditorTab) => void
  /** Shows this revision read-only instead of the editor. */
  metadataRevisionId: string | undefined
  /** Back from a revision to the editor (after restoring it). */
  onCloseRevision: () => void
  /** On a site with locales, the locale whose set is edited (absent: the default locale's). */
  locale?: string | undefined
}

/** The saved version the draft started from: what a save is checked against. */
interface Base {
  id: string | null
  number: number
  metadata: Metadata
}

const baseOf = (revision: Revision | null): Base => ({
  id: revision?.id ?? null,
  number: revision?.number ?? 0,
  metadata: revision?.metadata ?? {},
})

/** Server messages for `metadata.openGraph.url` become the editor's `openGraph.url`. */
function editorErrors(error: unknown): MetadataErrors {
  const out: MetadataErrors = {}
  for (const [path, message] of Object.entries(fieldMessages(error))) {
    if (path.startsWith('metadata.')) out[path.slice('metadata.'.length)] = message
  }
  return out
}

const errorsLabel = (count: number) => (count === 1 ? 'One error' : `${count} errors`)

/**
 * A page's metadata: the editor (or a revision, read-only), its revisions and what it serves.
 * The draft lives here, so switching tabs, opening a revision or a failed save never loses it.
 */
export function PageEditor({
  organizationSlug,
  siteHostname,
  pagePath,
  tab,
  onTabChange,
  metadataRevisionId,
  onCloseRevision,
  locale: askedLocale,
}: PageEditorProps) {
  const queryClient = useQueryClient()
  const query = pageQuery(organizationSlug, siteHostname, pagePath, askedLocale)
  const { data } = useSuspenseQuery(query)
  // On a site with locales: the locale edited (null: the default's, the page's own set), the
  // set it inherits from and the page's generated hreflang cluster.
  const locales = data.locales
  const siteLocales = data.site.locales
  const locale = locales?.locale ?? null
  const localeInput = locale === null ? {} : { locale }
  const [base, setBase] = useState<Base>(() => baseOf(data.revision))
  const [draft, setDraft] = useState<Metadata>(base.metadata)
  const [conflict, setConflict] = useState<{ theirs: Revision | null } | null>(null)
  const [serverErrors, setServerErrors] = useState<MetadataErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const dirty = !sameMetadata(draft, base.metadata)

  // A newer save (another tab, another person) is taken in while nothing here is unsaved.
  const fresh = baseOf(data.revision)
  if (fresh.number > base.number && !dirty && !conflict) {
    setBase(fresh)
    setDraft(fresh.metadata)
  }

  const editorArea = useRef<HTMLDivElement>(null)
  useSaveShortcut(editorArea)
  const editor = useRef<MetadataEditorHandle>(null)
  const [comparing, setComparing] = useState<{ id: string; number: number } | null>(null)

  // What the draft will serve (over the site's defaults, with the title template), and what
  // spoils it in a search result or a shared card: recomputed on each keystroke.
  const { site } = data
  const versionLocale = locale ?? siteLocales?.defaultLocale ?? null
  const pageUrl = locales?.url ?? `https://${site.hostname}${pagePath ?? '/'}`
  const servedOf = (metadata: Metadata) => {
    if (pagePath === null) {
      return servedMetadata({ defaults: metadata, page: null, titleTemplate: site.titleTemplate })
    }
    const own = servedMetadata({
      defaults: data.defaults,
      rules: data.rules,
      page: locale === null ? metadata : localeMetadata(locales?.inherited ?? null, metadata),
      titleTemplate: site.titleTemplate,
    })
    // The cluster as saved: Headmark generates it from the site's locales and the page's sets.
    return locales && versionLocale !== null
      ? withCluster(own, locales.cluster.alternates, versionLocale)
      : own
  }
  const served = useMemo(
    () => servedOf(draft),
    // servedOf reads only these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, data.defaults, data.rules, pagePath, site.titleTemplate, locales],
  )
  // What a page inherits (the site's defaults under the path rules that match it, as written:
  // no title template), and which layer each inherited field comes from.
  // Another locale inherits the default locale's set too, over the rules.
  const defaultVersion =
    locale !== null && siteLocales
      ? { pattern: `${siteLocales.defaultLocale} version`, metadata: locales?.inherited ?? {} }
      : null
  const inherited = useMemo(
    () =>
      pagePath === null
        ? undefined
        : servedMetadata({
            defaults: data.defaults,
            rules: [
              ...data.rules.map((rule) => ({ ...rule, titleTemplate: null })),
              ...(defaultVersion ? [defaultVersion] : []),
            ],
            page: null,
          }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data.defaults, data.rules, pagePath, locales],
  )
  const inheritedFrom = useMemo(
    () =>
      pagePath === null
        ? undefined
        : [
            { source: 'site defaults', metadata: data.defaults },
            ...data.rules.map((rule) => ({ source: rule.pattern, metadata: rule.metadata })),
            ...(defaultVersion
              ? [
                  {
                    source: defaultVersion.pattern,
                    metadata: defaultVersion.metadata,
                    // A locale's own structured data replaces the default version's whole.
                    jsonLdReplaced: true,
                  },
                ]
              : []),
          ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data.defaults, data.rules, pagePath, locales],
  )
  const siteName = served.openGraph?.siteName ?? site.name
  const findings = useMemo(
    () => [
      ...lintMetadata(served, { url: pageUrl, siteName }),
      // What the site's locales could not build into this page's cluster (hreflang.ts's findings).
      ...(locales?.cluster.findings ?? []).map((finding): LintFinding => ({
        rule: finding.rule as LintFinding['rule'],
        severity: finding.severity,
        field: finding.rule === 'canonical-outside-cluster' ? 'canonical' : 'alternates',
        message: finding.message,
      })),
    ],
    [served, pageUrl, siteName, locales],
  )
  const errorCount = findings.filter((finding) => finding.severity === 'error').length

  const adopt = (revision: Revision, sent: Metadata) => {
    setBase(baseOf(revision))
    // The stored form may be tidier than what was typed; show it unless typing went on.
    setDraft((current) => (sameMetadata(current, sent) ? revision.metadata : current))
    setConflict(null)
    setServerErrors({})
    setFormError(null)
  }

  const save = useInlineMutation(
    orpc.metadataRevisions.save.mutationOptions({
      onSuccess: async (revision, variables) => {
        adopt(revision, variables.metadata)
        const remaining = lintMetadata(servedOf(variables.metadata), {
          url: pageUrl,
          siteName,
        }).filter((finding) => finding.severity === 'error').length
        if (remaining > 0) {
          toast(
            `Saved as revision ${revision.number}. ${errorsLabel(remaining)} left in the checks.`,
          )
        } else {
          toast.success(`Saved as revision ${revision.number}.`)
        }
        await Promise.all([
          invalidateSiteData(queryClient),
          queryClient.invalidateQueries({ queryKey: orpc.health.key() }),
        ])
      },
      onError: async (error) => {
        if (isErrorCode(error, 'CONFLICT')) {
          const current = await queryClient.fetchQuery({ ...query, staleTime: 0 })
          setConflict({ theirs: current.revision })
          setFormError(null)
          await invalidateSiteData(queryClient)
          return
        }
        const errors = editorErrors(error)
        setServerErrors(errors)
        setFormError(
          Object.keys(errors).length > 0
            ? 'Some fields need a change before this can be saved.'
            : errorText(error),
        )
      },
    }),
  )

  const saveDraft = (metadata: Metadata, baseRevisionId: string | null) => {
    setFormError(null)
    save.mutate({
      organizationSlug,
      siteHostname,
      pagePath,
      baseRevisionId,
      metadata,
      ...localeInput,
    })
  }

  // "Save as draft": the edit goes to the person's open change request of the site, nothing is
  // published; the person lands on the request to ask for review.
  const [drafted, setDrafted] = useState<string | null>(null)
  const draft_ = useInlineMutation(
    orpc.changeRequests.saveDraft.mutationOptions({
      onSuccess: async ({ changeRequestId, created }) => {
        toast.success(
          created ? 'Saved as a draft in a new change request.' : 'Added to your change request.',
        )
        await invalidateChangeRequests(queryClient)
        // The draft is stored: nothing here is unsaved, though the page still serves its revision.
        setBase({ ...base, metadata: draft })
        setConflict(null)
        setDrafted(changeRequestId)
      },
      onError: (error) => {
        setServerErrors(editorErrors(error))
        setFormError(errorText(error))
      },
    }),
  )
  const saveAsDraft = (metadata: Metadata) => {
    setFormError(null)
    draft_.mutate({
      organizationSlug,
      siteHostname,
      pagePath,
      baseRevisionId: conflict ? (conflict.theirs?.id ?? null) : base.id,
      metadata,
      // On a site with locales: the set of the locale shown (its revision is the base).
      ...localeInput,
    })
  }

  const restore = useMutation({
    ...orpc.metadataRevisions.restore.mutationOptions(),
    onSuccess: async (revision) => {
      if (dirty) {
        setBase(baseOf(revision))
        toast.success(
          `Restored as revision ${revision.number}. Your unsaved changes are still in the editor.`,
        )
      } else {
        adopt(revision, revision.metadata)
        setDraft(revision.metadata)
        toast.success(`Restored as revision ${revision.number}.`)
      }
      onCloseRevision()
      await invalidateSiteData(queryClient)
    },
  })

  const what = pagePath ?? 'the site’s defaults'
  const params = { organizationSlug, siteHostname }

  return (
    <div className="stack-lg">
      <PageHeader details={data} organizationSlug={organizationSlug} publicUrl={pageUrl} />
      {locales && siteLocales && pagePath !== null ? (
        <LocaleSwitcher
          organizationSlug={organizationSlug}
          siteHostname={siteHostname}
          pagePath={pagePath}
          locales={siteLocales}
          current={versionLocale ?? siteLocales.defaultLocale}
          withSets={locales.withSets}
          tab={tab}
        />
      ) : null}
      {conflict ? (
        <Suspense fallback={<Spinner label="Loading the newer version…" />}>
          <ConflictPanel
            mine={draft}
            theirs={conflict.theirs}
            saving={save.isPending}
            onKeepMine={() => saveDraft(draft, conflict.theirs?.id ?? null)}
            onTakeTheirs={() => {
              setBase(baseOf(conflict.theirs))
              setDraft(conflict.theirs?.metadata ?? {})
              setConflict(null)
              setServerErrors({})
            }}
          />
        </Suspense>
      ) : null}
      <div className="editor-layout">
        <div className="stack" ref={editorArea}>
          {metadataRevisionId ? (
            <Suspense fallback={<Spinner label="Loading the revision…" />}>
              <RevisionView
                key={metadataRevisionId}
                organizationSlug={organizationSlug}
                siteHostname={siteHostname}
                pagePath={pagePath}
                metadataRevisionId={metadataRevisionId}
                isCurrent={metadataRevisionId === (data.revision?.id ?? null)}
                inherited={inherited}
                tab={tab}
                onTabChange={onTabChange}
                hasUnsavedChanges={dirty}
                restoring={restore.isPending}
                onCompare={setComparing}
                onRestore={() =>
                  restore.mutate({
                    organizationSlug,
                    siteHostname,
                    pagePath,
                    metadataRevisionId,
                    ...localeInput,
                  })
                }
              />
            </Suspense>
          ) : (
            <>
              <FormAlert message={formError} />
              {drafted ? (
                <Alert tone="info" title="Saved as a draft, not published">
                  The page still serves its current revision.{' '}
                  <Link
                    to="/app/organizations/$organizationSlug/sites/$siteHostname/change-requests/$changeRequestId"
                    params={{ organizationSlug, siteHostname, changeRequestId: drafted }}
                    className="text-link"
                  >
                    Open the change request
                  </Link>{' '}
                  to ask for a review and publish it.
                </Alert>
              ) : null}
              <MetadataEditor
                ref={editor}
                value={draft}
                onChange={(next) => {
                  setDraft(next)
                  if (formError) setFormError(null)
                }}
                savedValue={base.metadata}
                {...(inherited && inheritedFrom ? { inherited, inheritedFrom } : {})}
                scope={pagePath === null ? 'defaults' : 'page'}
                pageUrl={pageUrl}
                // On a site with locales the language versions are the generated cluster.
                {...(siteLocales
                  ? {
                      alternatesNote: (
                        <p className="muted">
                          Language versions (hreflang) are generated from the site’s locales: see
                          “Language versions and structured data” below.
                        </p>
                      ),
                    }
                  : {})}
                tab={tab}
                onTabChange={onTabChange}
                errors={serverErrors}
                saving={save.isPending}
                // A draft holds the set of the locale shown (the page's own for the default locale).
                onSaveDraft={saveAsDraft}
                savingDraft={draft_.isPending}
                {...(errorCount > 0 && dirty
                  ? {
                      status: (
                        <span className="save-warning">
                          Unsaved changes. {errorsLabel(errorCount)} in the checks: Save works, but
                          fix {errorCount === 1 ? 'it' : 'them'} before the page is shared.
                        </span>
                      ),
                    }
                  : {})}
                onSave={(metadata) =>
                  saveDraft(metadata, conflict ? (conflict.theirs?.id ?? null) : base.id)
                }
              />
              <p className="muted small">
                Press <kbd>Ctrl</kbd>+<kbd>S</kbd> (<kbd>⌘</kbd>
                <kbd>S</kbd> on a Mac) to save.
              </p>
              <PreviewsPanel served={served} url={pageUrl} siteName={siteName} />
              {locales ? (
                <LanguageVersionsPanel
                  cluster={locales.cluster}
                  served={served}
                  locale={versionLocale ?? ''}
                />
              ) : (
                <LanguageVersionsPanel served={served} />
              )}
            </>
          )}
        </div>
        <aside className="stack" aria-label="Checks, revisions and what is served">
          {metadataRevisionId ? null : (
            <MetadataChecks
              className="side-panel"
              findings={findings}
              onFocusField={(field) => editor.current?.focusField(field)}
            />
          )}
          {pagePath === null ? null : (
            <LivePanel
              organizationSlug={organizationSlug}
              siteHostname={siteHostname}
              pagePath={pagePath}
              current={
                data.revision ? { id: data.revision.id, createdAt: data.revision.createdAt } : null
              }
            />
          )}
          {pagePath === null || metadataRevisionId ? null : (
            <CrawlersPanel
              organizationSlug={organizationSlug}
              siteHostname={siteHostname}
              pagePath={pagePath}
            />
          )}
          <RevisionsPanel
            organizationSlug={organizationSlug}
            siteHostname={siteHostname}
            pagePath={pagePath}
            currentRevisionId={data.revision?.id ?? null}
            locale={locale ?? undefined}
            viewingId={metadataRevisionId}
            tab={tab}
            onCompare={setComparing}
          />
          <ServedPanel served={data.served} pagePath={pagePath} />
        </aside>
      </div>
      {comparing === null ? null : (
        <Suspense fallback={null}>
          <CompareDialog
            organizationSlug={organizationSlug}
            siteHostname={siteHostname}
            pagePath={pagePath}
            revision={comparing}
            current={{
              number: data.revision?.number ?? 0,
              metadata: data.revision?.metadata ?? {},
            }}
            onClose={() => setComparing(null)}
          />
        </Suspense>
      )}
      <UnsavedChangesGuard dirty={dirty} what={what} />
      {pagePath !== null ? null : (
        <p className="muted small">
          Every page of {siteHostname} inherits these values where it sets nothing of its own.{' '}
          <Link to="/app/organizations/$organizationSlug/sites/$siteHostname" params={params}>
            See the pages
          </Link>
        </p>
      )}
    </div>
  )
}

function PageHeader({
  details,
  organizationSlug,
  publicUrl,
}: {
  details: PageDetails
  organizationSlug: string
  /** The page's address (in the locale shown, on a site with locales). */
  publicUrl: string
}) {
  const { site, page } = details
  const params = { organizationSlug, siteHostname: site.hostname }
  if (page.path === null) {
    return (
      <div className="page-heading">
        <div>
          <h1>Site defaults</h1>
          <p className="muted">The metadata every page of {site.name} starts from.</p>
        </div>
      </div>
    )
  }
  return (
    <div className="page-heading">
      <div className="heading-text">
        <h1 className="mono break">{page.path}</h1>
        <a href={publicUrl} target="_blank" rel="noreferrer" className="mono break">
          {publicUrl}
          <span className="hm-visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
      <div className="actions">
        <Button asChild>
          <Link
            to="/app/organizations/$organizationSlug/sites/$siteHostname/page/edit"
            params={params}
            search={{ path: page.path }}
          >
            Edit page
          </Link>
        </Button>
      </div>
    </div>
  )
}
