import {
  Asset,
  HeadContent,
  Scripts,
  useRouter,
  useRouterState,
  useTags,
} from '@tanstack/react-router'
import { useEffect } from 'react'
import { composeSsrBodyScripts, getSsrBodyScriptParts } from '@tanstack/router-core'
import { releaseHeldSubmission } from '~/lib/early-submit.ts'
import { paintFirstScript } from '~/lib/first-paint.ts'

// The router's <HeadContent> and <Scripts>, except on reading pages (`staticData.paintFirst`):
// there the page's modules are not preloaded and the entry script is replaced by a loader that
// starts the app after the first paint (see lib/first-paint.ts).

type Tag = ReturnType<typeof useTags>[number]

const isModulePreload = (tag: Tag) => tag.tag === 'link' && tag.attrs?.rel === 'modulepreload'

function usePaintFirst(): boolean {
  const paintFirst = useRouterState({
    select: (state) => state.matches.some((match) => match.staticData?.paintFirst === true),
  })
  // Development builds load modules one by one from the dev server: nothing to reorder.
  return paintFirst && !import.meta.env.DEV
}

/** The route-managed head tags (title, meta, stylesheets, module preloads…). */
export function DocumentHead() {
  return usePaintFirst() ? <PaintFirstHead /> : <HeadContent />
}

/** The router's head tags without the module preloads. */
function PaintFirstHead() {
  const tags = useTags()
  const nonce = useRouter().options.ssr?.nonce
  return (
    <>
      {tags
        .filter((tag) => !isModulePreload(tag))
        .map((tag) => (
          <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
        ))}
    </>
  )
}

/**
 * The body's scripts: the router's hydration data and the app's entry. Once the app has hydrated
 * (the page answers clicks and keys), the document says so: `<html data-hydrated>`, and a form
 * sent before then is sent again (lib/early-submit.ts).
 */
export function DocumentScripts() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
    releaseHeldSubmission()
  }, [])
  return usePaintFirst() ? <PaintFirstScripts /> : <Scripts />
}

/** The router's body scripts with the entry script replaced by the paint-first loader. */
function PaintFirstScripts() {
  const router = useRouter()
  const tags = useTags()
  const matches = useRouterState({ select: (state) => state.matches })
  const nonce = router.options.ssr?.nonce
  const [routeScripts, manifestScripts] = getSsrBodyScriptParts(
    matches,
    router.ssr?.manifest,
    nonce,
    { suppressHydrationWarning: true },
  )
  const entry = manifestScripts.find(
    (script) => script.attrs?.type === 'module' && typeof script.attrs.src === 'string',
  )
  const others = manifestScripts.filter((script) => script !== entry)
  const scripts = composeSsrBodyScripts(
    [routeScripts, others],
    router.isServer ? router.serverSsr?.takeInitialHydrationScriptTags() : undefined,
  )
  const modules = tags.flatMap((tag) =>
    isModulePreload(tag) && typeof tag.attrs?.href === 'string' ? [tag.attrs.href] : [],
  )
  return (
    <>
      {scripts.map((script, index) => (
        <Asset
          {...script}
          {...(typeof script.attrs?.src === 'string' ? { preventScriptHoist: true } : {})}
          key={`tsr-scripts-${script.tag}-${index}`}
        />
      ))}
      {typeof entry?.attrs?.src === 'string' && (
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: paintFirstScript(entry.attrs.src, modules) }}
        />
      )}
    </>
  )
}
