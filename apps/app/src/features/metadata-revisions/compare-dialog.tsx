import type { Metadata } from '@headmark/metadata'
import { Dialog, DialogContent, RevisionDiff, Skeleton } from '@headmark/ui'
import { useQuery } from '@tanstack/react-query'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { errorText } from '~/lib/form-errors.ts'
import { revisionQuery } from './queries.ts'

interface CompareDialogProps {
  organizationSlug: string
  siteHostname: string
  pagePath: string | null
  /** The revision to compare; null closes the dialog. */
  revision: { id: string; number: number } | null
  /** The current revision: what restoring `revision` would replace. */
  current: { number: number; metadata: Metadata }
  onClose: () => void
}

/**
 * What changed between a revision and the current one, field by field. The current revision
 * (not the unsaved draft) is the other side: it is what the public API serves and what
 * "Restore this revision" replaces.
 */
export function CompareDialog({
  organizationSlug,
  siteHostname,
  pagePath,
  revision,
  current,
  onClose,
}: CompareDialogProps) {
  const query = useQuery({
    ...revisionQuery(organizationSlug, siteHostname, pagePath, revision?.id ?? ''),
    enabled: revision !== null,
  })
  return (
    <Dialog open={revision !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="compare-dialog"
        title={revision ? `Revision ${revision.number} and the current revision` : 'Compare'}
        description={`What changed from revision ${revision?.number ?? ''} to revision ${current.number}, which the public API serves now. Unsaved changes are not part of it.`}
      >
        <div className="stack" aria-busy={query.isPending || undefined}>
          {query.isError ? (
            <FormAlert message={errorText(query.error)} />
          ) : query.data ? (
            <RevisionDiff
              before={query.data.metadata}
              after={current.metadata}
              beforeLabel={`Revision ${query.data.number}`}
              afterLabel={`Revision ${current.number} (current)`}
            />
          ) : (
            <Skeleton lines={4} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
