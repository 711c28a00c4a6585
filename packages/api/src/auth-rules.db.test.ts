import { describe, expect, it } from 'vitest'
import { invite, organizationCast } from '../test/organization.ts'
import { useTestServer } from '../test/server.ts'
import { latestLink, signedUpVisitor, Visitor } from '../test/visitor.ts'
import { invitationEmail } from './emails.ts'
import { nameForEmail } from './user-fields.ts'

const server = useTestServer()

async function message(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message
}

describe('better-auth’s own organization endpoints', () => {
  it('can not create organizations around the product’s rules', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    for (const slug of ['create', 'UPPER case/../x', 'fine-slug']) {
      const response = await ada.post('/api/auth/organization/create', { name: 'x', slug })
      expect(response.status).toBe(404)
    }
    expect(await ada.rpc.auth.getOrganizations()).toEqual([])
  })

  it('do not tell strangers which slugs exist', async () => {
    const { stranger } = await organizationCast(server.current)
    const check = await stranger.post('/api/auth/organization/check-slug', { slug: 'acme' })
    expect(check.status).toBe(404)
    const full = await stranger.fetch(
      '/api/auth/organization/get-full-organization?organizationSlug=acme',
    )
    expect(full.status).toBe(404)
  })

  it('can not change or delete organizations around the product’s rules', async () => {
    const { owner, organization } = await organizationCast(server.current)
    for (const data of [
      { slug: 'create' },
      { slug: 'UPPER case/../x' },
      { name: 'x'.repeat(10_000) },
      { logo: 'javascript:alert(1)' },
      { name: 'Acme Inc' },
    ]) {
      const response = await owner.post('/api/auth/organization/update', {
        organizationId: organization.id,
        data,
      })
      expect(response.status, JSON.stringify(data).slice(0, 40)).toBe(404)
    }
    const deleted = await owner.post('/api/auth/organization/delete', {
      organizationId: organization.id,
    })
    expect(deleted.status).toBe(404)
    expect(await owner.rpc.auth.getOrganization({ organizationSlug: 'acme' })).toMatchObject({
      name: 'Acme',
      logo: null,
    })
    const team = await owner.post('/api/auth/organization/create-team', {
      organizationId: organization.id,
      name: 'x'.repeat(10_000),
    })
    expect(team.status).toBe(400)
    expect(await message(team)).toBe('The team name can have at most 100 characters.')
  })
})

describe('user fields', () => {
  it('refuse unbounded names and javascript: images at sign-up and on update', async () => {
    const visitor = new Visitor(server.current.origin)
    const huge = await visitor.signUp({
      name: 'x'.repeat(1_000_000),
      email: 'huge@example.com',
      password: 'correct horse battery',
    })
    expect(huge.status).toBe(400)
    expect(await message(huge)).toBe('The name can have at most 100 characters.')

    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const image = await ada.post('/api/auth/update-user', { image: 'javascript:alert(1)' })
    expect(image.status).toBe(400)
    expect(await message(image)).toBe('The image must be an https:// URL, not javascript:.')
    const long = await ada.post('/api/auth/update-user', { name: 'y'.repeat(101) })
    expect(long.status).toBe(400)
    expect((await ada.rpc.auth.getSession()).user).toMatchObject({ name: 'Ada', image: null })

    const ok = await ada.post('/api/auth/update-user', {
      name: 'Ada Lovelace',
      image: 'https://example.com/ada.png',
    })
    expect(ok.status).toBe(200)
  })

  it('hold on the magic-link sign-up too: a new address’s name is checked before any e-mail', async () => {
    const visitor = new Visitor(server.current.origin)
    const cases = [
      ['x'.repeat(5_000) + '\n\u0007', 'The name can have at most 100 characters.'],
      ['Ada\n\u0007', 'The name can not contain line breaks or control characters.'],
      ['', 'The name can not be empty.'],
    ] as const
    for (const [name, expected] of cases) {
      const answer = await visitor.post('/api/auth/sign-in/magic-link', {
        email: 'new@example.com',
        name,
      })
      expect(answer.status).toBe(400)
      expect(await message(answer)).toBe(expected)
    }
    expect(await server.current.headmark.mailbox?.list({ to: 'new@example.com' })).toHaveLength(0)
    // Without a name, or with a fine one, the link goes out.
    const fine = await visitor.post('/api/auth/sign-in/magic-link', {
      email: 'new@example.com',
      name: 'Ada Lovelace',
    })
    expect(fine.status).toBe(200)
    expect(await server.current.headmark.mailbox?.list({ to: 'new@example.com' })).toHaveLength(1)
  })
})

describe('messages', () => {
  it('echo at most a short prefix of a huge slug', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    // Longer than any slug can be: refused as input, without echoing it.
    const huge = await ada.rpc.auth
      .getOrganization({ organizationSlug: 'a'.repeat(1_000) })
      .catch((e: unknown) => e as Error)
    expect(huge).toMatchObject({ code: 'BAD_REQUEST' })
    expect(JSON.stringify(huge)).not.toContain('a'.repeat(100))
    // Long but possible: not found, with a short prefix of it.
    const error = await ada.rpc.auth
      .getOrganization({ organizationSlug: 'a'.repeat(250) })
      .catch((e: unknown) => e as Error)
    expect(error).toMatchObject({ code: 'NOT_FOUND' })
    expect((error as Error).message).toContain(`"${'a'.repeat(60)}…"`)
    expect((error as Error).message.length).toBeLessThan(250)
  })
})

describe('deleting an account', () => {
  it('is refused while the person is the last owner of an organization', async () => {
    const { owner, admin } = await organizationCast(server.current)
    const refused = await owner.post('/api/auth/delete-user', { password: 'correct horse battery' })
    expect(refused.status).toBe(400)
    expect(await message(refused)).toBe(
      'You are the only owner of an organization. Make another member an owner, or delete the organization, before deleting your account.',
    )
    expect((await owner.rpc.auth.getSession()).user).toBeDefined()
    // Someone who owns nothing can leave.
    const left = await admin.post('/api/auth/delete-user', { password: 'correct horse battery' })
    expect(left.status).toBe(200)
  })
})

describe('invitation e-mails', () => {
  it('carry names escaped, bounded and without links', async () => {
    const { owner, organization } = await organizationCast(server.current)
    const renamed = await owner.post('/api/auth/update-user', {
      name: 'Win a prize at http://evil.example/steal <b>now</b>',
    })
    expect(renamed.status).toBe(200)
    await invite(owner, organization.id, 'target@example.com', 'member')
    const [mail] = (await server.current.headmark.mailbox?.list({ to: 'target@example.com' })) ?? []
    expect(mail?.text).not.toContain('http://evil.example')
    expect(mail?.text).not.toMatch(/evil\.example/)
    expect(mail?.html).toContain('&lt;b&gt;now&lt;/\u200bb&gt;')
    expect(mail?.html).not.toContain('<b>')
    expect(mail?.subject).toContain('Win a prize at http:\u200b/\u200b/\u200bevil.\u200bexample')
    // The invitation link itself is intact.
    expect(await latestLink(server.current, 'target@example.com')).toMatch(/\/app\/invitations\//)
  })

  it('names in e-mails lose control characters and are cut at 100 characters', () => {
    const email = invitationEmail({
      organizationName: nameForEmail(`Acme\r\nBcc: all@example.com ${'x'.repeat(200)}`),
      inviterName: nameForEmail('Ada'),
      role: 'member',
      url: 'https://headmark.example/app/invitations/1',
    })
    expect(email.subject).not.toMatch(/[\r\n]/)
    expect(email.subject.length).toBeLessThan(200)
  })
})
