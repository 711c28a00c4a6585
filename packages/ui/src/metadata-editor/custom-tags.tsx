import type { CustomTag } from '@headmark/metadata'
import { useEffect, useRef } from 'react'
import { Button } from '../button/button.tsx'
import { useEditor } from './editor-context.ts'
import { TextField } from './fields.tsx'
import { useRowKeys } from './image-fields.tsx'

/** Name/content rows for tags the other tabs do not cover: add, remove, reorder. */
export function CustomTagsPanel() {
  const editor = useEditor()
  const tags: CustomTag[] = editor.value.customTags ?? []
  const keys = useRowKeys(tags.length)
  // After add or move, focus follows the row the user acted on.
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    if (!focusNext.current) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  })

  const update = (next: CustomTag[]) => editor.set('customTags', next)
  const move = (from: number, to: number, control: 'up' | 'down') => {
    const next = [...tags]
    const [moved] = next.splice(from, 1)
    if (!moved) return
    next.splice(to, 0, moved)
    const [key] = keys.current.splice(from, 1)
    if (key) keys.current.splice(to, 0, key)
    const edge = control === 'up' ? to === 0 : to === tags.length - 1
    focusNext.current = edge
      ? editor.idFor(`customTags.${to}.name`)
      : `${editor.idFor(`customTags.${to}`)}-${control}`
    update(next)
  }

  const inherited = editor.inherited.customTags ?? []

  return (
    <div className="hm-metadata-editor__list">
      {inherited.length > 0 ? (
        <p className="hm-metadata-editor__none">
          Inherited: <span dir="ltr">{inherited.map((tag) => tag.name).join(', ')}</span>. A tag of
          the same name here replaces the inherited one.
        </p>
      ) : null}
      {tags.length === 0 ? (
        <p className="hm-metadata-editor__none">
          No custom tags. Add one for anything the other tabs do not cover, e.g. theme-color.
        </p>
      ) : (
        <ol className="hm-metadata-editor__tags">
          {tags.map((tag, index) => {
            const label = tag.name.trim() || `tag ${index + 1}`
            const rowId = editor.idFor(`customTags.${index}`)
            return (
              <li key={keys.current[index]} className="hm-metadata-editor__tag">
                <TextField path={`customTags.${index}.name`} label="Name" dir="ltr" />
                <TextField path={`customTags.${index}.content`} label="Content" />
                {editor.readOnly ? null : (
                  <div className="hm-metadata-editor__tag-actions">
                    <Button
                      id={`${rowId}-up`}
                      size="sm"
                      variant="ghost"
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, 'up')}
                    >
                      ↑
                    </Button>
                    <Button
                      id={`${rowId}-down`}
                      size="sm"
                      variant="ghost"
                      aria-label={`Move ${label} down`}
                      disabled={index === tags.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                    >
                      ↓
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${label}`}
                      onClick={() => {
                        keys.current.splice(index, 1)
                        update(tags.filter((_, other) => other !== index))
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </li>
            )
          })}
        </ol>
      )}
      {editor.readOnly ? null : (
        <div>
          <Button
            size="sm"
            onClick={() => {
              focusNext.current = editor.idFor(`customTags.${tags.length}.name`)
              update([...tags, { name: '', content: '' }])
            }}
          >
            Add tag
          </Button>
        </div>
      )}
    </div>
  )
}
