// @vitest-environment happy-dom
import { createSiteInput, signUpInput } from '@headmark/api/shared'
import { Field, Input } from '@headmark/ui'
import { ORPCError } from '@orpc/client'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import {
  type LazySchema,
  lazySchema,
  type SchemaFormOptions,
  useSchemaForm,
} from './use-schema-form.ts'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

type SiteSchema = typeof createSiteInput
type SiteValues = { name: string; hostname: string }

function SiteForm({
  schema = createSiteInput,
  ...props
}: Omit<SchemaFormOptions<SiteSchema, SiteValues>, 'schema' | 'defaultValues'> & {
  schema?: SiteSchema | LazySchema<SiteSchema>
}) {
  const form = useSchemaForm({ schema, defaultValues: { name: '', hostname: '' }, ...props })
  return (
    <form method="post" onSubmit={form.onSubmit} noValidate>
      <FormAlert message={form.formError} />
      <Field label="Name" required error={form.error('name')}>
        <Input {...form.input('name')} />
      </Field>
      <Field label="Hostname" required error={form.error('hostname')}>
        <Input {...form.input('hostname')} />
      </Field>
      <button type="submit" disabled={form.pending}>
        Create site
      </button>
    </form>
  )
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

function render(element: React.ReactElement) {
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() => root!.render(element))
  return container
}

const field = (label: string) => {
  const labelElement = [...document.querySelectorAll('label')].find((l) =>
    l.textContent?.startsWith(label),
  )!
  return document.getElementById(labelElement.htmlFor) as HTMLInputElement
}

/** The messages the control's aria-describedby points to. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function submit(container: HTMLElement): Promise<boolean> {
  let sent = true
  await act(async () => {
    sent = container
      .querySelector('form')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
  })
  // The submission and its validation settle over a few microtasks.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  return sent
}

describe('useSchemaForm', () => {
  it('with a schema that loads later: typed into before, the form waits for it when sent', async () => {
    let arrive: (schema: SiteSchema) => void = () => {}
    const load = vi.fn(() => new Promise<SiteSchema>((resolve) => (arrive = resolve)))
    const send = vi.fn(async (_values: SiteValues) => {})
    const container = render(<SiteForm schema={lazySchema(load)} submit={send} />)
    await type(field('Name'), 'Acme')
    await submit(container)
    // Nothing is sent, and nothing is said to be wrong, before the schema has checked the fields.
    expect(send).not.toHaveBeenCalled()
    expect(field('Hostname').hasAttribute('aria-invalid')).toBe(false)
    await act(async () => arrive(createSiteInput))
    await submit(container)
    expect(describedBy(field('Hostname'))).toEqual([
      'Enter the hostname of the site, e.g. acme.com.',
    ])
    await type(field('Hostname'), 'acme.com')
    await submit(container)
    expect(send).toHaveBeenCalledWith({ name: 'Acme', hostname: 'acme.com' })
    // Loaded once, after the form had rendered, however often it was sent.
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('says so above the form when the schema can not be downloaded, and tries again', async () => {
    const load = vi
      .fn<() => Promise<SiteSchema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(createSiteInput)
    const send = vi.fn(async (_values: SiteValues) => {})
    const container = render(<SiteForm schema={lazySchema(load)} submit={send} />)
    await type(field('Name'), 'Acme')
    await type(field('Hostname'), 'acme.com')
    await submit(container)
    expect(send).not.toHaveBeenCalled()
    expect(container.querySelector('[role="alert"]')?.textContent).toBeTruthy()
    await submit(container)
    expect(send).toHaveBeenCalledWith({ name: 'Acme', hostname: 'acme.com' })
    expect(container.querySelector('[role="alert"]')).toBeNull()
  })

  it('checks the fields with the procedure’s schema before sending, with its messages', async () => {
    const send = vi.fn(async () => {})
    const container = render(<SiteForm submit={send} />)
    expect(await submit(container)).toBe(false) // the browser's own submission is prevented
    expect(send).not.toHaveBeenCalled()
    const name = field('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(name)).toEqual(['Give the site a name.'])
    expect(describedBy(field('Hostname'))).toEqual([
      'Enter the hostname of the site, e.g. acme.com.',
    ])
  })

  it('checks again as the person types once a submission has failed', async () => {
    const container = render(<SiteForm submit={async () => {}} />)
    await submit(container)
    await type(field('Hostname'), 'acme.com:8080')
    expect(describedBy(field('Hostname'))).toEqual([
      'Leave out the port: Headmark identifies a site by its hostname alone.',
    ])
    await type(field('Hostname'), 'acme.com')
    expect(field('Hostname').hasAttribute('aria-invalid')).toBe(false)
    expect(describedBy(field('Hostname'))).toEqual([])
  })

  it('sends what the schema parsed', async () => {
    const send = vi.fn(async (_values: SiteValues) => {})
    const container = render(<SiteForm submit={send} />)
    await type(field('Name'), 'Acme')
    await type(field('Hostname'), ' https://Acme.COM/x ')
    await submit(container)
    expect(send).toHaveBeenCalledWith({ name: 'Acme', hostname: ' https://Acme.COM/x ' })
  })

  it('puts the server’s issues on their field, and takes one away when that field changes', async () => {
    const refused = new ORPCError('BAD_REQUEST', {
      message: 'localhost can not be a site here; enter the public hostname of the site.',
      data: {
        issues: [
          {
            path: ['hostname'],
            message: 'localhost can not be a site here; enter the public hostname of the site.',
          },
        ],
      },
    })
    const container = render(<SiteForm submit={() => Promise.reject(refused)} />)
    await type(field('Name'), 'Local')
    await type(field('Hostname'), 'localhost')
    await submit(container)
    expect(describedBy(field('Hostname'))).toEqual([
      'localhost can not be a site here; enter the public hostname of the site.',
    ])
    expect(container.querySelector('[role="alert"]')).toBeNull()
    await type(field('Hostname'), 'acme.com')
    expect(describedBy(field('Hostname'))).toEqual([])
  })

  it('puts a code on its field, and anything else above the form', async () => {
    const conflict = new ORPCError('CONFLICT', {
      message: 'This organization already has a site for acme.com.',
    })
    let answer: unknown = conflict
    const container = render(
      <SiteForm submit={() => Promise.reject(answer)} codeFields={{ CONFLICT: 'hostname' }} />,
    )
    await type(field('Name'), 'Acme')
    await type(field('Hostname'), 'acme.com')
    await submit(container)
    expect(describedBy(field('Hostname'))).toEqual([
      'This organization already has a site for acme.com.',
    ])

    answer = new ORPCError('FORBIDDEN', { message: 'Only owners and admins can do this.' })
    await submit(container)
    expect(describedBy(field('Hostname'))).toEqual([])
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Only owners and admins can do this.',
    )
  })
})

function SignUpForm({ submit }: { submit: () => Promise<unknown> }) {
  const form = useSchemaForm({
    schema: signUpInput,
    defaultValues: { name: 'Ada', email: 'ada@example.com', password: 'long enough' },
    submit,
    codeFields: { PASSWORD_TOO_SHORT: 'password' },
  })
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <FormAlert message={form.formError} />
      <Field label="Password" error={form.error('password')}>
        <Input {...form.input('password')} type="password" />
      </Field>
    </form>
  )
}

describe('useSchemaForm with better-auth', () => {
  it('puts better-auth’s {code, message} on its field or above the form', async () => {
    let answer: unknown = { code: 'PASSWORD_TOO_SHORT', message: 'Password too short', status: 400 }
    const container = render(<SignUpForm submit={() => Promise.reject(answer)} />)
    await submit(container)
    expect(describedBy(field('Password'))).toEqual(['Password too short'])

    answer = { code: 'USER_ALREADY_EXISTS', message: 'User already exists.', status: 422 }
    await submit(container)
    expect(describedBy(field('Password'))).toEqual([])
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('User already exists.')
  })

  it('checks the password length the server asks for', async () => {
    const send = vi.fn(async () => {})
    const container = render(<SignUpForm submit={send} />)
    await type(field('Password'), 'short')
    await submit(container)
    expect(send).not.toHaveBeenCalled()
    expect(describedBy(field('Password'))).toEqual([
      'Password too short: use at least 8 characters.',
    ])
  })
})
