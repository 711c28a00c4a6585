import { Button, Card, CardContent, Field, Input, Select, Switch, toast } from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { client } from '~/lib/orpc.ts'
import { invalidateChangeRequests, publishingPolicyQuery } from './queries.ts'

/**
 * How the organization publishes: directly (the default) or through review, and the two-person
 * rule for dangerous changes. Owners change it; admins see it.
 */
export function PublishingPolicyCard({
  organizationSlug,
  isOwner,
}: {
  organizationSlug: string
  isOwner: boolean
}) {
  const { data: policy } = useSuspenseQuery(publishingPolicyQuery(organizationSlug))
  const queryClient = useQueryClient()
  const [mode, setMode] = useState(policy.mode)
  const [twoPersonRule, setTwoPersonRule] = useState(policy.twoPersonRule)
  const [pages, setPages] = useState(String(policy.largeChangePages))
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setError(null)
    try {
      await client.changeRequests.updatePolicy({
        organizationSlug,
        mode,
        twoPersonRule,
        largeChangePages: Number(pages),
      })
      toast.success('Publishing policy saved.')
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
          aria-label="Publishing policy"
        >
          <h2 className="card-heading">Publishing</h2>
          <Field
            label="Who publishes"
            description="Through review, members save drafts and open change requests; owners and admins approve and publish them."
          >
            <Select
              value={mode}
              disabled={!isOwner}
              onValueChange={(value) => setMode(value as 'direct' | 'review')}
              options={[
                { value: 'direct', label: 'Everyone publishes directly' },
                { value: 'review', label: 'Members propose, owners and admins approve' },
              ]}
            />
          </Field>
          <Field label="Two-person rule for dangerous changes">
            <Switch
              checked={twoPersonRule}
              disabled={!isOwner}
              onCheckedChange={setTwoPersonRule}
            />
          </Field>
          <p className="muted small">
            Site defaults, path rules, noindex turned on for more than one page, and changes to more
            pages than the number below always need a second person’s approval — an owner’s too.
          </p>
          <Field label="Pages that make a change large" error={error ?? undefined}>
            <Input
              type="number"
              min={2}
              max={20000}
              value={pages}
              disabled={!isOwner}
              onChange={(event) => setPages(event.currentTarget.value)}
            />
          </Field>
          {isOwner ? (
            <div className="actions">
              <Button type="submit" variant="primary" loading={saving}>
                Save publishing policy
              </Button>
            </div>
          ) : (
            <p className="muted">Only owners change how the organization publishes.</p>
          )}
        </form>
      </CardContent>
    </Card>
  )
}
