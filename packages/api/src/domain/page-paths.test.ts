import { normalizePath } from '@headmark/metadata'
import { describe, expect, it } from 'vitest'
import { readCorpus } from '../../test/corpus.ts'
import { PAGE_PATH_MAX_BYTES, pagePathFromInput } from './page-paths.ts'

const corpus = readCorpus<{ inputs: string[] }>('page-paths')

describe('pagePathFromInput', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['pricing', '/pricing'],
    ['/pricing/', '/pricing'],
    ['//pricing#plans', '/pricing'],
    ['/pricing?ref=x', '/pricing'],
    ['/Pricing', '/Pricing'],
    ['/caf%C3%A9', '/café'],
    ['/a/../b', '/b'],
    ['/a%2Fb', '/a%2Fb'],
    ['/ spaced path', '/ spaced path'],
    ['https://acme.com/pricing', '/pricing'],
    ['https://ACME.com./caf%C3%A9/?x=1', '/café'],
  ])('reads %j as %j', (input, path) => {
    expect(pagePathFromInput(input, 'acme.com')).toEqual({ ok: true, path })
  })

  it('stores what normalizePath gives for every path of the corpus, or refuses it', () => {
    for (const input of corpus.inputs) {
      const ours = pagePathFromInput(input, 'acme.com')
      const sdk = normalizePath(input)
      if (input.startsWith('https://')) continue
      if (!sdk.ok) {
        expect(ours, input).toEqual({ ok: false, message: expect.stringContaining('malformed') })
      } else {
        expect(ours, input).toEqual({ ok: true, path: sdk.path })
      }
    }
  })

  it.each(['/%E0%A4%A', '/%', '/a%zz'])('refuses the malformed escape in %j', (input) => {
    expect(pagePathFromInput(input, 'acme.com')).toEqual({
      ok: false,
      message: expect.stringContaining('malformed % escape'),
    })
  })

  it('refuses an address on another host', () => {
    expect(pagePathFromInput('https://evil.example/pricing', 'acme.com')).toEqual({
      ok: false,
      message: expect.stringContaining('not on acme.com'),
    })
  })

  it('refuses paths longer than the limit, counted in bytes', () => {
    expect(pagePathFromInput(`/${'a'.repeat(PAGE_PATH_MAX_BYTES - 1)}`)).toMatchObject({ ok: true })
    expect(pagePathFromInput(`/${'a'.repeat(PAGE_PATH_MAX_BYTES)}`)).toMatchObject({ ok: false })
    expect(pagePathFromInput(`/${'日'.repeat(900)}`)).toMatchObject({ ok: false })
    expect(pagePathFromInput(`/${'a'.repeat(1_048_576)}`)).toMatchObject({ ok: false })
  })
})
