// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DefaultErrorView } from './error-view.tsx'

afterEach(cleanup)

describe('the default error view', () => {
  it('says something went wrong and shows the error only when asked', () => {
    render(<DefaultErrorView error={new Error('Database is unreachable')} reset={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeTruthy()
    expect(screen.queryByText('Database is unreachable')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Show Error' }))
    expect(screen.getByText('Database is unreachable')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Hide Error' }))
    expect(screen.queryByText('Database is unreachable')).toBeNull()
  })
})
