import type { Metadata } from '@headmark/metadata'
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Badge } from '../badge/badge.tsx'
import { Button } from '../button/button.tsx'
import { cx } from '../lib/cx.ts'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../tabs/tabs.tsx'
import { CustomTagsPanel } from './custom-tags.tsx'
import { EditorContext, type EditorContextValue } from './editor-context.ts'
import { type InheritedLayer, inheritedSource } from './inherited.ts'
import { type MetadataErrors, sameMetadata, setMetadataPath } from './paths.ts'
import { BasicPanel, ImagesPanel, OpenGraphPanel, TwitterPanel } from './tab-panels.tsx'
import { StructuredDataPanel } from './structured-data.tsx'
import { METADATA_EDITOR_TABS, type MetadataEditorTab } from './tabs.ts'
import { validateMetadata } from './validate.ts'

export { METADATA_EDITOR_TABS, type MetadataEditorTab }

const TAB_LABELS: Record<MetadataEditorTab, string> = {
  basic: 'Basic',
  opengraph: 'Open Graph',
  twitter: 'Twitter',
  images: 'Images',
  structured: 'Structured data',
  custom: 'Custom',
}

const TAB_OF_PATH: [RegExp, MetadataEditorTab][] = [
  [/^openGraph\./, 'opengraph'],
  [/^twitter\./, 'twitter'],
  [/^(icon|appleTouchIcon)\./, 'images'],
  [/^customTags\./, 'custom'],
  [/^jsonLd(\.|$)/, 'structured'],
]
const NOTHING_INHERITED: Metadata = {}

const tabOf = (path: string): MetadataEditorTab =>
  TAB_OF_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? 'basic'

/** What a parent can do with the editor through its `ref`. */
export interface MetadataEditorHandle {
  /**
   * Opens the tab of a dotted path (`openGraph.image.width`, `customTags.2.name`) and focuses
   * its control; a path without a control of its own (an unset image) focuses its nearest
   * control: its first field, or the button that adds it.
   */
  focusField: (path: string) => void
}

export interface MetadataEditorProps {
  /** The metadata being edited (controlled). */
  value: Metadata
  onChange: (value: Metadata) => void
  /** The stored version; the editor is dirty while `value` differs. Defaults to the first `value`. */
  savedValue?: Metadata
  /**
   * What the page inherits where it sets nothing, e.g. the site's defaults: shown as each
   * empty field's placeholder (and beside unset choices, images and tags), never as its value.
   */
  inherited?: Metadata
  /**
   * Where `inherited` comes from, least → most specific (the site's defaults, then each path
   * rule that matches the page): each empty field that inherits a value says from which, e.g.
   * “from /blog/*” or “from site defaults”.
   */
  inheritedFrom?: readonly InheritedLayer[]
  /** The active tab (controlled), e.g. from the URL's `tab` search param. */
  tab?: MetadataEditorTab
  defaultTab?: MetadataEditorTab
  onTabChange?: (tab: MetadataEditorTab) => void
  /** Messages from the server, keyed by dotted path (`openGraph.url`); shown before built-in checks. */
  errors?: MetadataErrors
  /**
   * Called with the value when the user saves a valid, changed form. Left out together with
   * `onSaveDraft` given, the person may only propose: "Save as draft" is the one (primary) button.
   */
  onSave?: (value: Metadata) => void
  /** Shows Save as busy while the app stores the value. */
  saving?: boolean
  /**
   * Called with the value when the user saves a valid, changed form as a draft (a change request)
   * instead of publishing it; shows a "Save as draft" button beside Save.
   */
  onSaveDraft?: (value: Metadata) => void
  /** Shows "Save as draft" as busy while the app stores the draft. */
  savingDraft?: boolean
  /** The label of the publishing button; defaults to "Save". */
  saveLabel?: string
  /** For viewing an old revision: nothing can be edited and Save/Reset are gone. */
  readOnly?: boolean
  /** Replaces the Save/Reset bar's leading text, e.g. "Viewing revision of 3 May". */
  status?: ReactNode
  className?: string
  /**
   * `defaults` for a site's defaults: the fields that name one page's own URLs (canonical,
   * language versions) are left out, as the server refuses them there.
   */
  scope?: 'page' | 'defaults'
  /** The page's address (`https://acme.com/blog/hello`): lets structured data offer breadcrumbs. */
  pageUrl?: string
  /**
   * Shown in place of the hand-written language versions where the app builds them itself (a
   * site with locales, whose hreflang cluster is generated), e.g. a line saying where they come
   * from.
   */
  alternatesNote?: ReactNode
  /** Gives the parent {@link MetadataEditorHandle.focusField}, e.g. for a list of findings. */
  ref?: Ref<MetadataEditorHandle>
}

/**
 * The per-page metadata editor: six tabs, per-field validation, dirty tracking with Save and Reset.
 *
 * @example
 * <MetadataEditor value={draft} onChange={setDraft} savedValue={revision.metadata}
 *   tab={search.tab} onTabChange={(tab) => navigate({ search: { tab } })}
 *   onSave={(metadata) => save.mutate(metadata)} saving={save.isPending} />
 */
export function MetadataEditor({
  value,
  onChange,
  savedValue,
  inherited = NOTHING_INHERITED,
  inheritedFrom,
  tab,
  defaultTab = 'basic',
  onTabChange,
  errors,
  onSave,
  saving = false,
  onSaveDraft,
  savingDraft = false,
  saveLabel = 'Save',
  readOnly = false,
  status,
  className,
  scope = 'page',
  pageUrl,
  alternatesNote,
  ref,
}: MetadataEditorProps) {
  const idPrefix = `hm-me-${useId()}`
  const [initial] = useState(value)
  const baseline = savedValue ?? initial
  const [uncontrolledTab, setUncontrolledTab] = useState<MetadataEditorTab>(defaultTab)
  const activeTab = tab ?? uncontrolledTab
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)

  // What a field knows and the value can not hold (JSON that does not parse yet) blocks Save too.
  const [reported, setReported] = useState<MetadataErrors>({})
  const report = useCallback((path: string, message: string | undefined) => {
    setReported((current) => {
      if (current[path] === message) return current
      const next = { ...current }
      if (message === undefined) delete next[path]
      else next[path] = message
      return next
    })
  }, [])
  const builtIn = useMemo(() => ({ ...validateMetadata(value), ...reported }), [value, reported])
  // Counts Resets, so that drafts a field keeps of its own (unparsed JSON) start over too.
  const [generation, setGeneration] = useState(0)
  const dirty = !sameMetadata(value, baseline)

  const errorFor = useCallback(
    (path: string) => {
      const fromApp = errors?.[path]
      if (fromApp) return fromApp
      const own = builtIn[path]
      if (!own) return undefined
      // Duplicate names are shown at once: the second row is the user's mistake, not unfinished.
      return submitted || touched.has(path) || own.includes('more than one') ? own : undefined
    },
    [errors, builtIn, submitted, touched],
  )

  const context = useMemo<EditorContextValue>(
    () => ({
      value,
      inherited,
      inheritedSourceOf: (path) =>
        inheritedFrom ? inheritedSource(inheritedFrom, path) : undefined,
      inheritedFrom,
      readOnly,
      scope,
      report,
      generation,
      set: (path, next) => onChange(setMetadataPath(value, path, next)),
      errorFor,
      touch: (path) =>
        setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
      idFor: (path) => `${idPrefix}-${path.replaceAll('.', '-')}`,
    }),
    [
      value,
      inherited,
      inheritedFrom,
      readOnly,
      scope,
      report,
      generation,
      onChange,
      errorFor,
      idPrefix,
    ],
  )

  const visibleErrors = Object.fromEntries(METADATA_EDITOR_TABS.map((name) => [name, 0])) as Record<
    MetadataEditorTab,
    number
  >
  for (const path of new Set([...Object.keys(errors ?? {}), ...Object.keys(builtIn)])) {
    if (errorFor(path)) visibleErrors[tabOf(path)] += 1
  }

  const changeTab = (next: string) => {
    const nextTab = next as MetadataEditorTab
    if (tab === undefined) setUncontrolledTab(nextTab)
    onTabChange?.(nextTab)
  }

  // Proposing only: no publishing button, the draft one takes its place.
  const draftOnly = onSaveDraft !== undefined && onSave === undefined
  const save = (as: 'publish' | 'draft' = 'publish') => {
    setSubmitted(true)
    const invalid = Object.keys(builtIn)
    const first = invalid[0]
    if (first) {
      changeTab(tabOf(first))
      return
    }
    if (as === 'draft') onSaveDraft?.(value)
    else onSave?.(value)
  }

  // A path on another tab is focused once that tab's panel has mounted (Radix mounts it a
  // frame after the tab changes).
  const pendingFocus = useRef<string | null>(null)
  const focusNow = (path: string): boolean => {
    const segments = path.split('.')
    while (segments.length > 0) {
      const id = context.idFor(segments.join('.'))
      const target =
        document.getElementById(id) ??
        document.querySelector<HTMLElement>(`[id^="${CSS.escape(`${id}-`)}"]`)
      if (target) {
        target.focus()
        return true
      }
      segments.pop()
    }
    return false
  }
  useImperativeHandle(ref, () => ({
    focusField: (path) => {
      if (tabOf(path) === activeTab && focusNow(path)) return
      pendingFocus.current = path
      changeTab(tabOf(path))
    },
  }))
  useEffect(() => {
    const path = pendingFocus.current
    if (path === null) return
    let frame = 0
    let tries = 0
    // Kept pending across re-renders until focused, or given up after ten frames.
    const attempt = () => {
      if (focusNow(path) || (tries += 1) >= 10) pendingFocus.current = null
      else frame = requestAnimationFrame(attempt)
    }
    attempt()
    return () => cancelAnimationFrame(frame)
  })

  const reset = () => {
    setSubmitted(false)
    setTouched(new Set())
    setGeneration((current) => current + 1)
    onChange(baseline)
  }

  return (
    <EditorContext.Provider value={context}>
      <div className={cx('hm-metadata-editor', className)} data-read-only={readOnly || undefined}>
        <Tabs value={activeTab} onValueChange={changeTab}>
          <TabsList aria-label="Metadata sections">
            {METADATA_EDITOR_TABS.map((name) => (
              <TabsTrigger key={name} value={name}>
                {TAB_LABELS[name]}
                {visibleErrors[name] > 0 ? (
                  <Badge tone="danger">
                    {visibleErrors[name]}
                    <span className="hm-visually-hidden">
                      {visibleErrors[name] === 1 ? ' error' : ' errors'}
                    </span>
                  </Badge>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="basic">
            <BasicPanel alternatesNote={alternatesNote} />
          </TabsContent>
          <TabsContent value="opengraph">
            <OpenGraphPanel />
          </TabsContent>
          <TabsContent value="twitter">
            <TwitterPanel />
          </TabsContent>
          <TabsContent value="images">
            <ImagesPanel />
          </TabsContent>
          <TabsContent value="structured">
            <StructuredDataPanel pageUrl={pageUrl} />
          </TabsContent>
          <TabsContent value="custom">
            <CustomTagsPanel />
          </TabsContent>
        </Tabs>
        <div className="hm-metadata-editor__bar">
          <p className="hm-metadata-editor__status" role="status">
            {status ?? (readOnly ? 'Read only' : dirty ? 'Unsaved changes' : 'All changes saved')}
          </p>
          {readOnly ? null : (
            <div className="hm-metadata-editor__actions">
              <Button onClick={reset} disabled={!dirty || saving || savingDraft}>
                Reset
              </Button>
              {onSaveDraft ? (
                <Button
                  variant={draftOnly ? 'primary' : undefined}
                  onClick={() => save('draft')}
                  disabled={!dirty || saving}
                  loading={savingDraft}
                >
                  Save as draft
                </Button>
              ) : null}
              {draftOnly ? null : (
                <Button
                  variant="primary"
                  onClick={() => save()}
                  disabled={!dirty || savingDraft}
                  loading={saving}
                >
                  {saveLabel}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </EditorContext.Provider>
  )
}
