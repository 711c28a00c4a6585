import { ORPCError } from '@orpc/client'
import { describe, expect, it } from 'vitest'
import { UNEXPECTED_ERROR_MESSAGE } from './errors.ts'
import { fieldMessages, formErrors } from './form-errors.ts'

const refused = new ORPCError('BAD_REQUEST', {
  message: 'Input validation failed',
  data: {
    issues: [
      { path: ['hostname'], message: 'Enter a hostname such as acme.com.' },
      { path: ['hostname'], message: 'A second message for the same field' },
      { path: ['metadata', 'openGraph', 'url'], message: 'Enter a full URL.' },
      { path: ['metadata', 'icon', 0, 'url'], message: 'Enter the image URL.' },
    ],
  },
})

describe('form errors', () => {
  it('keys issues by their dotted path, first message first', () => {
    expect(fieldMessages(refused)).toEqual({
      hostname: 'Enter a hostname such as acme.com.',
      'metadata.openGraph.url': 'Enter a full URL.',
      'metadata.icon.0.url': 'Enter the image URL.',
    })
  })

  it('puts issues on the fields of the form, and a mapped code on its field', () => {
    expect(formErrors(refused, ['name', 'hostname'])).toEqual({
      hostname: 'Enter a hostname such as acme.com.',
    })
    const conflict = new ORPCError('CONFLICT', { message: 'acme.com is already a site here.' })
    expect(formErrors(conflict, ['name', 'hostname'], { CONFLICT: 'hostname' })).toEqual({
      hostname: 'acme.com is already a site here.',
    })
  })

  it('shows anything else on the form', () => {
    const forbidden = new ORPCError('FORBIDDEN', { message: 'Only owners and admins can.' })
    expect(formErrors(forbidden, ['name'])).toEqual({ form: 'Only owners and admins can.' })
    expect(formErrors(new TypeError('Failed to fetch'), ['name'])).toEqual({
      form: UNEXPECTED_ERROR_MESSAGE,
    })
    expect(fieldMessages(new TypeError('x'))).toEqual({})
  })
})
