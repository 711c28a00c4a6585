import { EmptyState } from '@headmark/ui'
import { Fragment, type ReactNode } from 'react'
import {
  type ChangelogBlock,
  type ChangelogEntry,
  packageChangelog,
  productChangelog,
} from './changelog.ts'

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

// Dates are days (no time): the same text on the server and in the browser.
const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' })
const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`))

function Day({ date }: { date: string }) {
  return <time dateTime={date}>{day(date)}</time>
}

/** One published package's release notes: what the next release holds, then each version. */
function PackageNotes({ name, entries }: { name: string; entries: ChangelogEntry[] }) {
  const pending = entries.filter((entry) => entry.version === null).length
  const released = new Set(entries.flatMap((entry) => entry.version ?? [])).size
  const counts = [
    pending > 0 ? `${pending} ${pending === 1 ? 'change' : 'changes'} in the next release` : '',
    released > 0 ? `${released} released ${released === 1 ? 'version' : 'versions'}` : '',
  ].filter(Boolean)
  return (
    <details className="mk-changelog-package">
      <summary>
        <code>{name}</code> <span className="mk-badge">{counts.join(' · ')}</span>
      </summary>
      <ol className="mk-changelog">
        {entries.map((entry, index) => (
          <li key={index}>
            <h3>
              {entry.version ?? 'Next release'}{' '}
              <span className="mk-badge">
                {entry.label}
                {entry.date ? (
                  <>
                    {' · '}
                    <Day date={entry.date} />
                  </>
                ) : null}
              </span>
            </h3>
            <Blocks blocks={entry.blocks} />
          </li>
        ))}
      </ol>
    </details>
  )
}

/** What changed in Headmark for its users, by day, then the packages' release notes. */
export function ChangelogPage() {
  const packages = [...new Set(packageChangelog.map((entry) => entry.packageName))].sort()
  return (
    <div className="marketing mk-prose">
      <header className="mk-header">
        <h1>Changelog</h1>
        <p className="lead">
          What changed in Headmark, newest first: one line for each change you will notice.
          Developers will find the <a href="#packages">release notes of the npm packages</a> below.
        </p>
      </header>
      {productChangelog.length === 0 ? (
        <EmptyState title="Nothing here yet" description="No changes have been written up yet." />
      ) : (
        <ol className="mk-changelog" aria-label="Changes by day">
          {productChangelog.map(({ date, changes }) => (
            <li key={date}>
              <h2>
                <Day date={date} />
              </h2>
              <ul className="mk-changes">
                {changes.map((change, index) => (
                  <li key={index}>
                    {change.tag ? <span className="mk-tag">{change.tag}</span> : null}
                    <span>{inline(change.text)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <section aria-labelledby="packages" className="mk-changelog-packages">
        <h2 id="packages">Packages</h2>
        <p>
          Release notes of the published packages, for developers: the SDK,{' '}
          <code>@headmark/metadata</code>, and the design system, <code>@headmark/ui</code>.
        </p>
        {packages.length === 0 ? (
          <p className="muted">No release notes have been written.</p>
        ) : (
          packages.map((name) => (
            <PackageNotes
              key={name}
              name={name}
              entries={packageChangelog.filter((entry) => entry.packageName === name)}
            />
          ))
        )}
      </section>
    </div>
  )
}
