// The page the keystroke benchmark loads in Chromium: the editor alone (the baseline), or the
// editor with the checks and every preview, as the page screen shows them.
import type { Metadata } from '@headmark/metadata'
import { lintMetadata } from '@headmark/metadata/lint'
import { useMemo, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  MetadataChecks,
  MetadataEditor,
  type MetadataEditorHandle,
  SerpPreview,
  SOCIAL_NETWORKS,
  SocialPreview,
} from '../src/index.ts'

const url = 'https://www.acme.example/pricing/teams'
const sentence =
  'Simple plans for teams of every size, with sites, pages and webhooks included; start free and upgrade when you need more. '
const page: Metadata = {
  title: 'Pricing for teams — Acme Analytics',
  description: sentence.repeat(Math.ceil(2048 / sentence.length)).slice(0, 2048),
  openGraph: { siteName: 'Acme Analytics', url },
  twitter: { card: 'summary_large_image' },
}

function Screen({ previews }: { previews: boolean }) {
  const [draft, setDraft] = useState(page)
  const editor = useRef<MetadataEditorHandle>(null)
  const findings = useMemo(() => (previews ? lintMetadata(draft, { url }) : []), [draft, previews])
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24 }}>
      <MetadataEditor ref={editor} value={draft} onChange={setDraft} />
      {previews ? (
        <div>
          <MetadataChecks
            findings={findings}
            onFocusField={(field) => editor.current?.focusField(field)}
          />
          <SerpPreview metadata={draft} url={url} />
          <SerpPreview metadata={draft} url={url} device="mobile" />
          {SOCIAL_NETWORKS.map((network) => (
            <SocialPreview key={network} metadata={draft} url={url} network={network} />
          ))}
        </div>
      ) : null}
    </div>
  )
}

const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

/** Types `count` characters at the end of the description; per keystroke, the milliseconds until
 * React has committed, and until the next frame has started after it. */
async function run(previews: boolean, count: number) {
  const host = document.getElementById('root') as HTMLElement
  host.replaceChildren()
  const root = createRoot(host)
  root.render(<Screen previews={previews} />)
  await nextFrame()
  await nextTask()
  const textarea = document.querySelector('textarea') as HTMLTextAreaElement
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
  const commit: number[] = []
  const frame: number[] = []
  for (let index = 0; index < count; index += 1) {
    const started = performance.now()
    setValue?.call(textarea, `${textarea.value}${'abcdefghij'[index % 10]}`)
    textarea.dispatchEvent(new Event('input', { bubbles: true }))
    await nextTask()
    commit.push(performance.now() - started)
    await nextFrame()
    frame.push(performance.now() - started)
    await nextTask()
  }
  const length = textarea.value.length
  root.unmount()
  return { commit, frame, length }
}

Object.assign(window, { runKeystrokes: run })
