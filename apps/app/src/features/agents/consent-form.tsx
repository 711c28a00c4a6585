import { Alert, Button, Card, CardContent, Checkbox, EmptyState, Field, Select } from '@headmark/ui'
import { type FormEvent, useId, useState } from 'react'
import { errorText } from '~/lib/form-errors.ts'
import type { AgentScope, ConsentAnswer, ConsentInfo, ConsentOrganization } from './queries.ts'
import { proposeRefusal, roleLabel, SCOPE_TEXT } from './scopes.ts'

export type ConsentDecision = Omit<ConsentAnswer, 'oauthQuery'>

export interface ConsentFormProps {
  info: ConsentInfo
  /** The signed-in person, who connects the agent and answers for what it proposes. */
  person: { name: string; email: string }
  /** Sends the answer; resolves once the browser is on its way back to the client. */
  onAnswer: (decision: ConsentDecision) => Promise<void>
}

/** The scopes the person may grant in an organization: those asked for, less what the role forbids. */
function grantable(info: ConsentInfo, organization: ConsentOrganization | undefined): AgentScope[] {
  if (!organization) return []
  return info.requestedScopes.filter(
    (scope) => scope !== 'propose' || proposeRefusal(organization.role) === null,
  )
}

/**
 * What an MCP client asks for and the person's answer: the organization it works in, all of its
 * sites or some, and what it may do there (the scopes it asked for, each explained). Allow and
 * Deny both send the person back to the client.
 */
export function ConsentForm({ info, person, onAnswer }: ConsentFormProps) {
  const { organizations } = info
  const [organizationId, setOrganizationId] = useState(organizations[0]?.id ?? '')
  const organization = organizations.find((candidate) => candidate.id === organizationId)
  const [allSites, setAllSites] = useState(true)
  const [siteIds, setSiteIds] = useState<string[]>([])
  const [scopes, setScopes] = useState<AgentScope[]>(() => grantable(info, organizations[0]))
  const [sending, setSending] = useState<'allow' | 'deny' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const headingId = useId()

  const chooseOrganization = (id: string) => {
    setOrganizationId(id)
    setSiteIds([])
    setAllSites(true)
    setScopes(
      grantable(
        info,
        organizations.find((candidate) => candidate.id === id),
      ),
    )
    setProblem(null)
  }

  const send = async (accept: boolean) => {
    setFailure(null)
    if (accept) {
      const missing = !organization
        ? 'Choose an organization.'
        : !allSites && siteIds.length === 0
          ? 'Choose at least one site, or let it work on all sites.'
          : scopes.length === 0
            ? 'Choose at least one thing the agent may do.'
            : null
      setProblem(missing)
      if (missing) return
    }
    setSending(accept ? 'allow' : 'deny')
    try {
      await onAnswer({
        accept,
        organizationId: organization?.id ?? '',
        siteIds: allSites ? null : siteIds,
        scopes: accept ? scopes : [],
      })
      // The browser is leaving for the client: the buttons stay busy until it has.
    } catch (error) {
      setFailure(errorText(error) || 'The answer could not be sent; try again.')
      setSending(null)
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void send(true)
  }

  const clientLine = (
    <p>
      <strong dir="auto">{info.client.name}</strong>
      {info.client.uri ? (
        <>
          {' '}
          (
          <a href={info.client.uri} rel="noopener noreferrer" target="_blank" className="break">
            {info.client.uri}
          </a>
          )
        </>
      ) : null}{' '}
      asks to work in Headmark as you, <strong dir="auto">{person.name}</strong> ({person.email}).
      What it proposes is opened in your name.
    </p>
  )

  if (organizations.length === 0) {
    return (
      <section className="page-narrow stack consent" aria-labelledby={headingId}>
        <h1 id={headingId}>Connect {info.client.name}</h1>
        {clientLine}
        <Card>
          <CardContent className="stack">
            <EmptyState
              headingLevel={2}
              title="You are not in an organization yet"
              description="An agent works in one organization’s sites. Create an organization, or accept an invitation to one, then connect the agent again."
            />
            {failure ? (
              <Alert tone="danger" live="assertive" title="That did not work">
                {failure}
              </Alert>
            ) : null}
            <div className="actions">
              <Button loading={sending === 'deny'} onClick={() => void send(false)}>
                Deny
              </Button>
            </div>
          </CardContent>
        </Card>
      </section>
    )
  }

  const refusal = organization ? proposeRefusal(organization.role) : null
  const busy = sending !== null
  return (
    <section className="page-narrow stack consent" aria-labelledby={headingId}>
      <h1 id={headingId} dir="auto">
        Connect {info.client.name}
      </h1>
      {clientLine}
      <Card>
        <CardContent>
          <form className="stack" onSubmit={submit} aria-labelledby={headingId} noValidate>
            <Field
              label="Organization"
              description="The agent sees only this organization, and only what you may see in it."
            >
              <Select
                value={organizationId}
                onValueChange={chooseOrganization}
                disabled={busy}
                options={organizations.map((candidate) => ({
                  value: candidate.id,
                  label: `${candidate.name} (${roleLabel(candidate.role)})`,
                }))}
              />
            </Field>

            <fieldset className="consent-choice" disabled={busy}>
              <legend>Sites</legend>
              <label className="consent-choice__option">
                <input
                  type="radio"
                  name="sites"
                  value="all"
                  checked={allSites}
                  onChange={() => setAllSites(true)}
                />
                <span>
                  <span className="consent-choice__label">All sites</span>
                  <span className="muted consent-choice__hint">
                    {organization && organization.sites.length > 0
                      ? `${organization.sites.length} ${organization.sites.length === 1 ? 'site' : 'sites'} now, and those added later.`
                      : 'This organization has no sites yet; the agent sees those added later.'}
                  </span>
                </span>
              </label>
              {organization && organization.sites.length > 0 ? (
                <label className="consent-choice__option">
                  <input
                    type="radio"
                    name="sites"
                    value="chosen"
                    checked={!allSites}
                    onChange={() => setAllSites(false)}
                  />
                  <span>
                    <span className="consent-choice__label">Only the sites I choose</span>
                    <span className="muted consent-choice__hint">
                      Sites added later stay out of its reach.
                    </span>
                  </span>
                </label>
              ) : null}
              {!allSites && organization ? (
                <ul className="consent-sites" aria-label="Sites the agent may work on">
                  {organization.sites.map((site) => (
                    <li key={site.id}>
                      <Checkbox
                        label={<span className="mono break">{site.hostname}</span>}
                        checked={siteIds.includes(site.id)}
                        disabled={busy}
                        onCheckedChange={(checked) =>
                          setSiteIds((current) =>
                            checked === true
                              ? [...current, site.id]
                              : current.filter((id) => id !== site.id),
                          )
                        }
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </fieldset>

            <fieldset className="consent-choice" disabled={busy}>
              <legend>What it may do</legend>
              {info.requestedScopes.map((scope) => {
                const blocked = scope === 'propose' ? refusal : null
                const descriptionId = `${headingId}-${scope}`
                return (
                  <div key={scope} className="consent-scope">
                    <Checkbox
                      label={SCOPE_TEXT[scope].label}
                      checked={scopes.includes(scope)}
                      disabled={busy || blocked !== null}
                      aria-describedby={descriptionId}
                      onCheckedChange={(checked) =>
                        setScopes((current) =>
                          checked === true
                            ? [...current, scope]
                            : current.filter((name) => name !== scope),
                        )
                      }
                    />
                    <p id={descriptionId} className="muted consent-scope__description">
                      {SCOPE_TEXT[scope].description}
                      {blocked ? <span className="consent-scope__blocked"> {blocked}</span> : null}
                    </p>
                  </div>
                )
              })}
            </fieldset>

            <p className="muted small">
              You can see and revoke this connection at any time in your account, under Connected
              agents.
            </p>

            {problem ? (
              <Alert tone="warning" live="polite" title="Not yet">
                {problem}
              </Alert>
            ) : null}
            {failure ? (
              <Alert tone="danger" live="assertive" title="That did not work">
                {failure}
              </Alert>
            ) : null}

            <div className="actions">
              <Button type="submit" variant="primary" loading={sending === 'allow'} disabled={busy}>
                Allow
              </Button>
              <Button
                type="button"
                loading={sending === 'deny'}
                disabled={busy}
                onClick={() => void send(false)}
              >
                Deny
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </section>
  )
}
