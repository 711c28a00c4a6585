import type { MetadataImage } from '@headmark/metadata'
import { type ReactNode, useRef } from 'react'
import { Button } from '../button/button.tsx'
import { useEditor } from './editor-context.ts'
import { NumberField, TextField } from './fields.tsx'
import { getMetadataPath } from './paths.ts'

const blankImage = (): MetadataImage => ({
  url: '',
  width: Number.NaN,
  height: Number.NaN,
  mimeType: '',
})

interface ImageFieldsProps {
  path: string
  legend: string
  /** Icons may be site-relative (`/favicon.png`); social images must be absolute. */
  allowRootRelative?: boolean
  action?: ReactNode
}

/** The five fields of one MetadataImage, grouped under a legend. */
export function ImageFields({ path, legend, allowRootRelative, action }: ImageFieldsProps) {
  return (
    <fieldset className="hm-metadata-editor__image">
      <legend className="hm-metadata-editor__image-legend">{legend}</legend>
      <div className="hm-metadata-editor__image-grid">
        <div className="hm-metadata-editor__span">
          <TextField
            path={`${path}.url`}
            label="URL"
            type="url"
            inputMode="url"
            dir="ltr"
            placeholder={allowRootRelative ? '/icon-32.png' : 'https://example.com/card.png'}
          />
        </div>
        <div className="hm-metadata-editor__span">
          <TextField
            path={`${path}.alt`}
            label="Alternative text"
            description="Describes the image for people who can not see it."
          />
        </div>
        <NumberField path={`${path}.width`} label="Width (px)" />
        <NumberField path={`${path}.height`} label="Height (px)" />
        <div className="hm-metadata-editor__span">
          <TextField path={`${path}.mimeType`} label="Type" placeholder="image/png" dir="ltr" />
        </div>
      </div>
      {action ? <div className="hm-metadata-editor__image-action">{action}</div> : null}
    </fieldset>
  )
}

/** An optional single image (og:image, twitter:image): add it, edit it, remove it. */
export function OptionalImage({ path, legend }: { path: string; legend: string }) {
  const editor = useEditor()
  const image = getMetadataPath(editor.value, path)
  if (!image) {
    const inherited = getMetadataPath(editor.inherited, path) as MetadataImage | undefined
    const note = inherited?.url ? (
      <p className="hm-metadata-editor__none">
        Inherited: <span dir="ltr">{inherited.url}</span>
      </p>
    ) : null
    if (editor.readOnly)
      return note ?? <p className="hm-metadata-editor__none">{legend}: not set.</p>
    return (
      <div className="hm-metadata-editor__list">
        {note}
        <div>
          <Button id={editor.idFor(path)} size="sm" onClick={() => editor.set(path, blankImage())}>
            Add {legend.toLowerCase()}
          </Button>
        </div>
      </div>
    )
  }
  return (
    <ImageFields
      path={path}
      legend={legend}
      action={
        editor.readOnly ? null : (
          <Button size="sm" variant="ghost" onClick={() => editor.set(path, undefined)}>
            Remove {legend.toLowerCase()}
          </Button>
        )
      }
    />
  )
}

interface ImageListProps {
  path: string
  /** Singular noun for one entry, e.g. "Icon". */
  noun: string
  allowRootRelative?: boolean
}

/** A list of images (og:images, icons, apple-touch icons) with add and remove. */
export function ImageList({ path, noun, allowRootRelative }: ImageListProps) {
  const editor = useEditor()
  const raw = getMetadataPath(editor.value, path)
  const images = Array.isArray(raw) ? (raw as MetadataImage[]) : []
  const inheritedRaw = getMetadataPath(editor.inherited, path)
  const inheritedImages = Array.isArray(inheritedRaw) ? (inheritedRaw as MetadataImage[]) : []
  const keys = useRowKeys(images.length)
  return (
    <div className="hm-metadata-editor__list">
      {images.length === 0 ? (
        <p className="hm-metadata-editor__none">
          {inheritedImages.length > 0 ? (
            <>
              Inherited: <span dir="ltr">{inheritedImages.map((item) => item.url).join(', ')}</span>
            </>
          ) : (
            `No ${noun.toLowerCase()}s yet.`
          )}
        </p>
      ) : null}
      {images.map((_, index) => (
        <ImageFields
          key={keys.current[index]}
          path={`${path}.${index}`}
          legend={`${noun} ${index + 1}`}
          allowRootRelative={allowRootRelative}
          action={
            editor.readOnly ? null : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  keys.current.splice(index, 1)
                  editor.set(
                    path,
                    images.filter((__, other) => other !== index),
                  )
                }}
              >
                Remove {noun.toLowerCase()} {index + 1}
              </Button>
            )
          }
        />
      ))}
      {editor.readOnly ? null : (
        <div>
          <Button size="sm" onClick={() => editor.set(path, [...images, blankImage()])}>
            Add {noun.toLowerCase()}
          </Button>
        </div>
      )}
    </div>
  )
}

let nextKey = 0

/**
 * Stable React keys for rows that have no id of their own, so focus and input state follow a
 * row when rows are removed or reordered. Callers splice/swap `current` alongside the data.
 */
export function useRowKeys(length: number) {
  const keys = useRef<string[]>([])
  // Growing or trimming the list during render is idempotent (a repeated render finds it at the
  // right length already), so keys stay stable without an extra render pass.
  /* eslint-disable react-hooks/refs -- see above */
  while (keys.current.length < length) keys.current.push(`row-${nextKey++}`)
  if (keys.current.length > length) keys.current.length = length
  /* eslint-enable react-hooks/refs */
  return keys
}
