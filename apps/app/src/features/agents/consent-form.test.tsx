// @vitest-environment happy-dom
import { ORPCError } from '@orpc/client'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ConsentDecision, ConsentForm } from './consent-form.tsx'
import type { ConsentInfo } from './queries.ts'

afterEach(cleanup)

const person = { name: 'Olga Owner', email: 'olga@example.com' }

const info = (overrides: Partial<ConsentInfo> = {}): ConsentInfo => ({
  client: { id: 'client-1', name: 'Claude Code', uri: 'https://claude.example/code' },
  requestedScopes: ['read', 'propose', 'checks'],
  organizations: [
    {
      id: 'org-launch',
      name: 'Launchers',
      slug: 'launchers',
      role: 'owner',
      sites: [
        { id: 'site-a', hostname: 'a.example' },
        { id: 'site-b', hostname: 'b.example' },
      ],
    },
    {
      id: 'org-read',
      name: 'Readers',
      slug: 'readers',
      // Every role of today may edit; a read-only one would not.
      role: 'viewer' as ConsentInfo['organizations'][number]['role'],
      sites: [{ id: 'site-r', hostname: 'r.example' }],
    },
  ],
  ...overrides,
})

function setup(
  consent: ConsentInfo = info(),
  onAnswer = vi.fn(async (_decision: ConsentDecision) => {}),
) {
  const user = userEvent.setup()
  render(<ConsentForm info={consent} person={person} onAnswer={onAnswer} />)
  return { user, onAnswer }
}

const answerOf = (onAnswer: { mock: { calls: unknown[][] } }) =>
  onAnswer.mock.calls.at(-1)?.[0] as ConsentDecision

describe('the consent screen', () => {
  it('names the client, its address and the person connecting it', () => {
    setup()
    expect(screen.getByRole('heading', { level: 1, name: 'Connect Claude Code' })).toBeTruthy()
    const link = screen.getByRole('link', { name: 'https://claude.example/code' })
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(document.body.textContent).toContain('as you, Olga Owner (olga@example.com)')
  })

  it('allows, by default, the first organization, all of its sites and every requested scope', async () => {
    const { user, onAnswer } = setup()
    expect(
      (screen.getByRole('combobox', { name: /Organization/ }) as HTMLSelectElement).value,
    ).toBe('org-launch')
    for (const name of ['Read', 'Propose changes', 'Run checks']) {
      expect(screen.getByRole('checkbox', { name }).getAttribute('aria-checked')).toBe('true')
    }
    await user.click(screen.getByRole('button', { name: 'Allow' }))
    expect(answerOf(onAnswer)).toEqual({
      accept: true,
      organizationId: 'org-launch',
      siteIds: null,
      scopes: ['read', 'propose', 'checks'],
    })
  })

  it('lets the person choose some sites and fewer scopes, and asks for at least one site', async () => {
    const { user, onAnswer } = setup()
    await user.click(screen.getByRole('radio', { name: /Only the sites I choose/ }))
    await user.click(screen.getByRole('button', { name: 'Allow' }))
    expect(onAnswer).not.toHaveBeenCalled()
    expect(screen.getByText('Choose at least one site, or let it work on all sites.')).toBeTruthy()

    const sites = screen.getByRole('list', { name: 'Sites the agent may work on' })
    await user.click(within(sites).getByRole('checkbox', { name: 'b.example' }))
    await user.click(screen.getByRole('checkbox', { name: 'Run checks' }))
    await user.click(screen.getByRole('button', { name: 'Allow' }))
    expect(answerOf(onAnswer)).toEqual({
      accept: true,
      organizationId: 'org-launch',
      siteIds: ['site-b'],
      scopes: ['read', 'propose'],
    })
  })

  it('asks for at least one scope', async () => {
    const { user, onAnswer } = setup(info({ requestedScopes: ['read'] }))
    expect(screen.queryByRole('checkbox', { name: 'Propose changes' })).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Read' }))
    await user.click(screen.getByRole('button', { name: 'Allow' }))
    expect(onAnswer).not.toHaveBeenCalled()
    expect(screen.getByText('Choose at least one thing the agent may do.')).toBeTruthy()
  })

  it('disables proposing, with the reason, where the person’s role may not edit', async () => {
    const { user, onAnswer } = setup()
    await user.selectOptions(screen.getByRole('combobox', { name: /Organization/ }), 'org-read')
    const propose = screen.getByRole('checkbox', { name: 'Propose changes' })
    expect(propose.hasAttribute('disabled')).toBe(true)
    expect(propose.getAttribute('aria-checked')).toBe('false')
    expect(propose.getAttribute('aria-describedby')).toBeTruthy()
    const description = document.getElementById(propose.getAttribute('aria-describedby') ?? '')
    expect(description?.textContent).toContain('may not edit metadata')

    // Back to an organization where the person edits: proposing is offered again.
    const organization = screen.getByRole('combobox', { name: /Organization/ })
    await user.selectOptions(organization, 'org-launch')
    expect(screen.getByRole('checkbox', { name: 'Propose changes' }).hasAttribute('disabled')).toBe(
      false,
    )

    await user.selectOptions(organization, 'org-read')
    await user.click(screen.getByRole('button', { name: 'Allow' }))
    expect(answerOf(onAnswer)).toEqual({
      accept: true,
      organizationId: 'org-read',
      siteIds: null,
      scopes: ['read', 'checks'],
    })
    // Answered: the browser is on its way to the client, nothing can be sent twice.
    expect(screen.getByRole('button', { name: 'Deny' }).hasAttribute('disabled')).toBe(true)
  })

  it('denies', async () => {
    const { user, onAnswer } = setup()
    await user.click(screen.getByRole('button', { name: 'Deny' }))
    expect(answerOf(onAnswer)).toMatchObject({ accept: false, scopes: [] })
  })

  it('is answered from the keyboard alone', async () => {
    const { user, onAnswer } = setup()
    // Organization, All sites (the radio group), Read, Propose, Run checks, Allow.
    screen.getByRole('combobox', { name: /Organization/ }).focus()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /All sites/ }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Read' }))
    await user.tab()
    await user.keyboard(' ')
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Allow' }))
    await user.keyboard('{Enter}')
    expect(answerOf(onAnswer)).toMatchObject({ accept: true, scopes: ['read', 'checks'] })
  })

  it('shows the server’s refusal and lets the person answer again', async () => {
    const onAnswer = vi
      .fn<(decision: ConsentDecision) => Promise<void>>()
      .mockRejectedValueOnce(
        new ORPCError('BAD_REQUEST', { status: 400, message: 'This request has expired.' }),
      )
    const { user } = setup(info(), onAnswer)
    await user.click(screen.getByRole('button', { name: 'Allow' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('expired'))
    expect(screen.getByRole('button', { name: 'Allow' }).getAttribute('aria-disabled')).toBeNull()
  })

  it('without an organization, says how to get one and still lets the person deny', async () => {
    const { user, onAnswer } = setup(info({ organizations: [] }))
    expect(screen.getByRole('heading', { name: 'You are not in an organization yet' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Deny' }))
    expect(answerOf(onAnswer)).toMatchObject({ accept: false })
  })

  it('offers only "All sites" for an organization without sites', () => {
    setup(info({ organizations: [{ ...info().organizations[0]!, sites: [] }] }))
    expect(screen.getAllByRole('radio')).toHaveLength(1)
    expect(document.body.textContent).toContain('This organization has no sites yet')
  })
})
