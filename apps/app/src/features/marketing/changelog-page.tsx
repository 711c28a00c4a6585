import { EmptyState } from '@headmark/ui'
import { Fragment, type ReactNode } from 'react'
import { type ChangelogBlock, changelog } from './changelog.ts'

/** Renders `code` and **bold** spans of a changelog line; everything else is text. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, index) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 1)
      return <code key={index}>{part.slice(1, -1)}</code>
    if (part.startsWith('**') && part.endsWith('**') && part.length > 3)
      return <strong key={index}>{part.slice(2, -2)}</strong>
    return <Fragment key={index}>{part}</Fragment>
  })
}

function Blocks({ blocks }: { blocks: ChangelogBlock[] }) {
  return blocks.map((block, index) =>
    block.kind === 'paragraph' ? (
      <p key={index}>{inline(block.text)}</p>
    ) : (
      <ul key={index}>
        {block.items.map((item, i) => (
          <li key={i}>{inline(item)}</li>
        ))}
      </ul>
    ),
  )
}

/** What changed in the published packages, newest first. */
export function ChangelogPage() {
  return (
    <div className="marketing mk-prose">
      <header className="mk-header">
        <h1>Changelog</h1>
        <p className="lead">
          Changes to the published packages, <code>@headmark/metadata</code> and{' '}
          <code>@headmark/ui</code>, from their release notes.
        </p>
      </header>
      {changelog.length === 0 ? (
        <EmptyState title="Nothing here yet" description="No release notes have been written." />
      ) : (
        <ol className="mk-changelog">
          {changelog.map((entry, index) => (
            <li key={index}>
              <h2>
                {entry.packageName}{' '}
                <span className="mk-badge">
                  {entry.version ?? 'Next release'} · {entry.label}
                </span>
              </h2>
              <Blocks blocks={entry.blocks} />
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
