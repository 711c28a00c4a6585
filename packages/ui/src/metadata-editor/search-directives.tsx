import { MAX_IMAGE_PREVIEWS, type RobotsDirectives } from '@headmark/metadata'
import { useState } from 'react'
import { Field } from '../field/field.tsx'
import { Input } from '../input/input.tsx'
import { Switch } from '../switch/switch.tsx'
import { Textarea } from '../textarea/textarea.tsx'
import { useEditor } from './editor-context.ts'
import { ChoiceField } from './fields.tsx'

const FLAGS: { key: 'nofollow' | 'noarchive' | 'noimageindex'; label: string; help: string }[] = [
  {
    key: 'nofollow',
    label: 'Do not follow links (nofollow)',
    help: 'Search engines do not follow the links on this page.',
  },
  {
    key: 'noarchive',
    label: 'No cached copy (noarchive)',
    help: 'Search engines do not offer a cached copy.',
  },
  {
    key: 'noimageindex',
    label: 'Do not index images (noimageindex)',
    help: 'The images on this page are not listed in image search.',
  },
]

/** A whole number for a robots directive: -1 means no limit, 0 none. Empty removes it. */
function DirectiveNumber({
  name,
  label,
  description,
}: {
  name: 'maxSnippet' | 'maxVideoPreview'
  label: string
  description: string
}) {
  const editor = useEditor()
  const path = `robots.${name}`
  const raw = editor.value.robots?.[name]
  const inherited = editor.inherited.robots?.[name]
  return (
    <Field
      id={editor.idFor(path)}
      label={label}
      description={description}
      error={editor.errorFor(path)}
    >
      <Input
        type="number"
        inputMode="numeric"
        min={-1}
        step={1}
        value={typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : ''}
        placeholder={inherited === undefined ? 'Not set' : `Inherited: ${inherited}`}
        readOnly={editor.readOnly}
        onChange={(event) =>
          editor.set(path, event.target.value === '' ? undefined : Number(event.target.value))
        }
        onBlur={() => editor.touch(path)}
      />
    </Field>
  )
}

/** Robots directives beyond noindex: what search engines may show of the page. */
export function RobotsFields() {
  const editor = useEditor()
  const robots: RobotsDirectives = editor.value.robots ?? {}
  const inherited: RobotsDirectives = editor.inherited.robots ?? {}
  return (
    <fieldset className="hm-metadata-editor__directives">
      <legend className="hm-metadata-editor__subheading">Search engine directives</legend>
      <div className="hm-metadata-editor__grid">
        {FLAGS.map(({ key, label, help }) => (
          <Field
            key={key}
            id={editor.idFor(`robots.${key}`)}
            label={label}
            description={inherited[key] === true ? `${help} Inherited: on.` : help}
          >
            <Switch
              checked={robots[key] === true}
              disabled={editor.readOnly}
              onCheckedChange={(checked) => editor.set(`robots.${key}`, checked ? true : undefined)}
            />
          </Field>
        ))}
        <DirectiveNumber
          name="maxSnippet"
          label="Snippet length"
          description="Characters of text in a result: -1 no limit, 0 no snippet."
        />
        <ChoiceField
          path="robots.maxImagePreview"
          label="Image preview"
          description="How large an image preview may be shown."
          choices={MAX_IMAGE_PREVIEWS}
          labels={{ none: 'None', standard: 'Standard', large: 'Large' }}
        />
        <DirectiveNumber
          name="maxVideoPreview"
          label="Video preview"
          description="Seconds of video preview: -1 no limit, 0 a still image."
        />
      </div>
    </fieldset>
  )
}

/**
 * `en https://…` lines, one language version each. A line that is not "tag URL" keeps what was
 * typed (a tag without a URL gets an empty one), so the field's checks name it instead of the
 * line silently vanishing.
 */
export function parseAlternates(text: string): Record<string, string> {
  const alternates: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const trimmed = line.trim()
    if (!trimmed) continue
    const [tag = '', ...rest] = trimmed.split(/\s+/)
    alternates[tag] = rest.join(' ')
  }
  return alternates
}

const formatAlternates = (alternates: Record<string, string> | undefined) =>
  Object.entries(alternates ?? {})
    .map(([tag, url]) => `${tag} ${url}`)
    .join('\n')

/** The page's language versions (hreflang → URL), one per line. */
export function AlternatesField() {
  const editor = useEditor()
  const formatted = formatAlternates(editor.value.alternates)
  const [draft, setDraft] = useState(formatted)
  const [shown, setShown] = useState(formatted)
  if (shown !== formatted) {
    setShown(formatted)
    if (formatAlternates(parseAlternates(draft)) !== formatted) setDraft(formatted)
  }
  const rowError = Object.keys(editor.value.alternates ?? {})
    .map((tag) => editor.errorFor(`alternates.${tag}`))
    .find(Boolean)
  return (
    <Field
      id={editor.idFor('alternates')}
      label="Language versions (hreflang)"
      description="One per line: a language tag (en, fr-CA, x-default), a space, the page’s URL in that language. Include this page itself and an x-default."
      error={editor.errorFor('alternates') ?? rowError}
    >
      <Textarea
        rows={3}
        dir="ltr"
        spellCheck={false}
        value={draft}
        readOnly={editor.readOnly}
        placeholder={
          'en https://example.com/pricing\nde https://example.com/de/preise\nx-default https://example.com/pricing'
        }
        onChange={(event) => {
          setDraft(event.target.value)
          editor.set('alternates', parseAlternates(event.target.value))
        }}
        onBlur={() => {
          editor.touch('alternates')
          for (const tag of Object.keys(editor.value.alternates ?? {})) {
            editor.touch(`alternates.${tag}`)
          }
        }}
      />
    </Field>
  )
}
