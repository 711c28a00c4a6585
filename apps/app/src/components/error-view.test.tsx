// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ORPCError } from '@orpc/client'
import { UNEXPECTED_ERROR_MESSAGE } from '~/lib/errors.ts'
import { DefaultErrorView } from './error-view.tsx'

afterEach(cleanup)

describe('the default error view', () => {
  it('says something went wrong and shows the server’s explanation only when asked', () => {
    const error = new ORPCError('NOT_FOUND', { message: 'Organization "x" was not found.' })
    render(<DefaultErrorView error={error} reset={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeTruthy()
    expect(screen.queryByText('Organization "x" was not found.')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Show Error' }))
    expect(screen.getByText('Organization "x" was not found.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Hide Error' }))
    expect(screen.queryByText('Organization "x" was not found.')).toBeNull()
  })

  it('never shows the text of an error outside the catalogue (SQL, parameters, stacks)', () => {
    const sql = new Error(
      'Failed query: select "organization"."id" from "organization" params: a\u0000b',
    )
    const serverError = new ORPCError('INTERNAL_SERVER_ERROR', {
      message: 'relation "x" does not exist',
    })
    for (const error of [sql, serverError]) {
      render(<DefaultErrorView error={error} reset={() => {}} />)
      fireEvent.click(screen.getByRole('button', { name: 'Show Error' }))
      expect(screen.getByText(UNEXPECTED_ERROR_MESSAGE)).toBeTruthy()
      expect(document.body.textContent).not.toMatch(/select|relation/)
      cleanup()
    }
  })
})

describe('Try again', () => {
  it('clears the error so that the screen can load again', async () => {
    let resets = 0
    render(<DefaultErrorView error={new Error('boom')} reset={() => (resets += 1)} />)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(resets).toBe(1))
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
