import { isProcedure } from '@orpc/server'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import hostile from '../test/hostile-strings.json' with { type: 'json' }
import { organizationCast } from '../test/organization.ts'
import { useTestServer } from '../test/server.ts'
import { Visitor } from '../test/visitor.ts'
import { router } from './router.ts'

// Random and malformed input to every procedure of the router, over real HTTP, as an anonymous
// visitor and as a member: whatever is sent, the answer is below 500, a refusal carries a
// message, and nothing hangs. The router is walked, so procedures added later are covered.

const server = useTestServer()

interface ProcedureEntry {
  path: string
  method: 'GET' | 'POST'
}

function proceduresOf(node: unknown, prefix: string[] = []): ProcedureEntry[] {
  if (isProcedure(node)) {
    const method = node['~orpc'].route.method === 'GET' ? 'GET' : 'POST'
    return [{ path: prefix.join('/'), method }]
  }
  if (node === null || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, child]) => proceduresOf(child, [...prefix, key]))
}

const procedures = proceduresOf(router)
const hostileStrings = Object.values(hostile).flat()

/** Keys procedures read, so that random input often gets past the first checks. */
const knownKeys = [
  'organizationSlug',
  'name',
  'slug',
  'invitationId',
  'siteId',
  'pageId',
  'path',
  'hostname',
  'id',
  'url',
  'title',
  'description',
  'metadata',
  'cursor',
  'limit',
  'role',
  'email',
]

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...hostileStrings),
  fc.constantFrom('acme', 'create', '', ' ', '-', 'a'.repeat(300), 'a\u0000b', '\u0000'),
)

const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
)

const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 8 })),
    tie('value'),
    {
      maxKeys: 5,
    },
  ),
})).value

/** An object with the keys procedures read, each holding hostile text or a random value. */
const plausible = fc
  .subarray(knownKeys, { minLength: 1, maxLength: 4 })
  .chain((keys) =>
    fc
      .tuple(
        ...keys.map(() =>
          fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: value }),
        ),
      )
      .map((values) => Object.fromEntries(keys.map((key, index) => [key, values[index]]))),
  )

/** What is sent: oRPC's envelope around random input, or something that is not an envelope. */
const payload = fc.oneof(
  { weight: 6, arbitrary: plausible.map((input) => JSON.stringify({ json: input })) },
  { weight: 3, arbitrary: value.map((input) => JSON.stringify({ json: input })) },
  {
    weight: 1,
    arbitrary: fc.record({ json: value, meta: value }).map((envelope) => JSON.stringify(envelope)),
  },
  { weight: 1, arbitrary: value.map((input) => JSON.stringify(input)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', '{"json":', 'null', '[]', '{"json":{}}') },
)

const LIMIT_MS = 10_000

interface Answer {
  status: number
  body: unknown
}

async function send(
  visitor: Visitor,
  procedure: ProcedureEntry,
  body: string,
  asGet: boolean,
): Promise<Answer> {
  const path = `/api/rpc/${procedure.path}`
  const signal = AbortSignal.timeout(LIMIT_MS)
  const url = `${path}?data=${encodeURIComponent(body)}`
  const response =
    asGet && url.length < 2000
      ? await visitor.fetch(url, { signal })
      : await visitor.fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal,
        })
  const raw = await response.text()
  let parsed: unknown = raw
  try {
    parsed = JSON.parse(raw)
  } catch {
    // not JSON: checked below
  }
  return { status: response.status, body: parsed }
}

function messageOf(body: unknown): unknown {
  return (body as { json?: { message?: unknown } } | null)?.json?.message
}

describe('every RPC procedure under random and malformed input', () => {
  let visitors: Visitor[] = []

  beforeAll(() => {
    expect(procedures.length).toBeGreaterThan(0)
  })

  it('answers below 500, with a message when it refuses, and never hangs', async () => {
    const { owner } = await organizationCast(server.current)
    visitors = [new Visitor(server.current.origin), owner]
    const failures: string[] = []
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...procedures),
        fc.constantFrom(0, 1),
        payload,
        fc.boolean(),
        async (procedure, who, body, preferGet) => {
          const visitor = visitors[who] as Visitor
          const asGet = procedure.method === 'GET' && preferGet
          const answer = await send(visitor, procedure, body, asGet)
          const ok = answer.status < 500
          const explained =
            answer.status < 400 ||
            (typeof messageOf(answer.body) === 'string' &&
              (messageOf(answer.body) as string).length > 0)
          if (!ok || !explained) {
            failures.push(
              `${asGet ? 'GET' : 'POST'} ${procedure.path} ${body.slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
            )
          }
          return ok && explained
        },
      ),
      {
        numRuns: 40 * procedures.length,
        seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
      },
    )
    expect(failures).toEqual([])
  }, 600_000)

  it('answers the hostile corpus in every field of every procedure the same way', async () => {
    const { owner } = await organizationCast(server.current)
    const anonymous = new Visitor(server.current.origin)
    const failures: string[] = []
    const strings = [...hostileStrings, '\u0000', 'a'.repeat(1024), 'a'.repeat(65_536)]
    for (const procedure of procedures) {
      for (const [index, hostileString] of strings.entries()) {
        const everywhere = Object.fromEntries(knownKeys.map((key) => [key, hostileString]))
        // The same, with a valid slug, so that checks on the slug do not stop it first.
        const validSlug = { ...everywhere, slug: `fuzz-${index}` }
        for (const input of [everywhere, validSlug]) {
          for (const visitor of [anonymous, owner]) {
            const body = JSON.stringify({ json: input })
            const answer = await send(visitor, procedure, body, procedure.method === 'GET')
            const message = messageOf(answer.body)
            if (answer.status >= 500 || (answer.status >= 400 && !message)) {
              failures.push(
                `${procedure.path} ${JSON.stringify(hostileString).slice(0, 60)} → ${answer.status}`,
              )
            }
          }
        }
      }
    }
    expect(failures).toEqual([])
  }, 600_000)

  it('covers every procedure the router has', () => {
    expect(procedures.map((p) => p.path)).toEqual(
      expect.arrayContaining(['auth/getSession', 'organizations/create', 'invitations/get']),
    )
  })
})
