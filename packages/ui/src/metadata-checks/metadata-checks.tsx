import type { LintFinding, LintSeverity } from '@headmark/metadata/lint'
import type { ComponentProps, ReactNode } from 'react'
import { cx } from '../lib/cx.ts'
import { metadataFieldLabel } from '../metadata-editor/field-labels.ts'

const SEVERITIES: { severity: LintSeverity; one: string; many: string }[] = [
  { severity: 'error', one: 'error', many: 'errors' },
  { severity: 'warning', one: 'warning', many: 'warnings' },
  { severity: 'info', one: 'suggestion', many: 'suggestions' },
]

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export interface MetadataChecksProps extends Omit<ComponentProps<'section'>, 'children'> {
  /** The findings of `lintMetadata`, in field order. */
  findings: LintFinding[]
  /** Called with a finding's dotted field path, e.g. to focus it in the editor. */
  onFocusField?: (field: string) => void
  heading?: ReactNode
}

function SeverityIcon({ severity }: { severity: LintSeverity }) {
  return (
    <svg
      className="hm-checks__icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      {severity === 'error' ? (
        <>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M5.5 5.5l5 5m0-5l-5 5" stroke="var(--hm-color-bg)" strokeWidth="1.6" />
        </>
      ) : severity === 'warning' ? (
        <>
          <path d="M8 1.5l7 13H1z" fill="currentColor" />
          <path d="M8 6v4m0 1.6v1.4" stroke="var(--hm-color-bg)" strokeWidth="1.6" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M8 7v4.5M8 4.5V6" stroke="currentColor" strokeWidth="1.6" />
        </>
      )}
    </svg>
  )
}

/**
 * The metadata checks' findings grouped by severity; each one names its field and, with
 * `onFocusField`, is a button that takes the person to that field.
 *
 * @example
 * const findings = useMemo(() => lintMetadata(draft, { url }), [draft, url])
 * <MetadataChecks findings={findings} onFocusField={(field) => editor.current?.focusField(field)} />
 */
export function MetadataChecks({
  findings,
  onFocusField,
  heading = 'Checks',
  className,
  ...props
}: MetadataChecksProps) {
  const groups = SEVERITIES.map((group) => ({
    ...group,
    findings: findings.filter((finding) => finding.severity === group.severity),
  })).filter((group) => group.findings.length > 0)
  const summary = groups
    .map(({ findings: list, one, many }) => `${list.length} ${list.length === 1 ? one : many}`)
    .join(', ')

  return (
    <section className={cx('hm-checks', className)} aria-label="Metadata checks" {...props}>
      <header className="hm-checks__header">
        <h2 className="hm-checks__heading">{heading}</h2>
        <p className="hm-checks__summary" role="status">
          {summary || 'No problems found'}
        </p>
      </header>
      {groups.length === 0 ? (
        <p className="hm-checks__empty">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path
              d="M4.8 8.2l2.2 2.2 4.2-4.6"
              fill="none"
              stroke="var(--hm-color-bg)"
              strokeWidth="1.6"
            />
          </svg>
          The title, description and cards are ready to be shown and shared.
        </p>
      ) : (
        groups.map(({ severity, many, findings: list }) => (
          <section key={severity} className="hm-checks__group" data-severity={severity}>
            <h3 className="hm-checks__group-heading">
              <SeverityIcon severity={severity} />
              {capitalize(many)} <span className="hm-checks__count">{list.length}</span>
            </h3>
            <ul className="hm-checks__list">
              {list.map((finding, index) => {
                const content = (
                  <>
                    <span className="hm-checks__message">{finding.message}</span>
                    <span className="hm-checks__field">{metadataFieldLabel(finding.field)}</span>
                  </>
                )
                return (
                  <li key={`${finding.rule}-${finding.field}-${index}`} className="hm-checks__item">
                    {onFocusField ? (
                      <button
                        type="button"
                        className="hm-checks__link"
                        data-rule={finding.rule}
                        onClick={() => onFocusField(finding.field)}
                      >
                        {content}
                      </button>
                    ) : (
                      <div className="hm-checks__link" data-rule={finding.rule}>
                        {content}
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
          </section>
        ))
      )}
    </section>
  )
}
