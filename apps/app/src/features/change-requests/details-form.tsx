import { Button, Card, CardContent, Checkbox, Field, Input, Textarea, toast } from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { membersQuery } from '~/features/members/queries.ts'
import { client } from '~/lib/orpc.ts'
import { type ChangeRequestDetail, invalidateChangeRequests } from './queries.ts'

/**
 * The title, description and reviewers of a change request: saving it with reviewers asks them
 * for a review (they are e-mailed).
 */
export function ChangeRequestDetailsForm({
  organizationSlug,
  data,
}: {
  organizationSlug: string
  data: ChangeRequestDetail
}) {
  const queryClient = useQueryClient()
  const { data: members } = useSuspenseQuery(membersQuery(organizationSlug))
  const request = data.changeRequest
  const [title, setTitle] = useState(request.title)
  const [description, setDescription] = useState(request.description ?? '')
  const [reviewers, setReviewers] = useState<string[]>(data.reviewers.map((r) => r.id))
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const candidates = members.filter((m) => m.userId !== request.author?.id)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setError(null)
    try {
      await client.changeRequests.update({
        organizationSlug,
        changeRequestId: request.id,
        title,
        description,
        reviewerIds: reviewers,
      })
      toast.success(reviewers.length > 0 ? 'Saved; the reviewers were asked.' : 'Saved.')
      await invalidateChangeRequests(queryClient)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The server did not answer; try again.')
    } finally {
      setSaving(false)
    }
  }
  return (
    <Card>
      <CardContent>
        <form
          className="stack"
          onSubmit={(event) => void submit(event)}
          aria-label="Change request"
        >
          <h2 className="card-heading">Ask for a review</h2>
          <Field label="Title" required error={error ?? undefined}>
            <Input
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              maxLength={200}
            />
          </Field>
          <Field label="Description">
            <Textarea
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              rows={3}
            />
          </Field>
          <fieldset className="stack">
            <legend>Reviewers</legend>
            {candidates.length === 0 ? (
              <p className="muted">Invite someone to the organization to ask for a review.</p>
            ) : (
              candidates.map((m) => (
                <Checkbox
                  key={m.userId}
                  label={`${m.name} (${m.role})`}
                  checked={reviewers.includes(m.userId)}
                  onCheckedChange={(checked) =>
                    setReviewers((current) =>
                      checked === true
                        ? [...current, m.userId]
                        : current.filter((id) => id !== m.userId),
                    )
                  }
                />
              ))
            )}
          </fieldset>
          <div className="actions">
            <Button type="submit" variant="primary" loading={saving}>
              Save and ask for review
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
