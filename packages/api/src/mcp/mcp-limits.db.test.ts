import { expect, test } from 'vitest'
import { connectAgent, resultOf } from '../../test/agents.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor } from '../../test/visitor.ts'
import { limits } from '../limits.ts'

const server = useTestServer({ rateLimit: true })

test('a connection past its calls per minute is told to wait; another connection is not held', async () => {
  // One person (sign-ups are limited too), two agents.
  const owner = await signedUpVisitor(server.current, { name: 'Olive', email: 'olive@example.com' })
  const organization = await owner.rpc.organizations.create({ name: 'Acme', slug: 'acme' })
  const busy = await connectAgent(server.current, owner, {
    organizationId: organization.id,
    clientName: 'Busy',
  })
  const calm = await connectAgent(server.current, owner, {
    organizationId: organization.id,
    clientName: 'Calm',
  })
  const answers = []
  for (let index = 0; index <= limits.mcpCallsPerConnection.max; index++) {
    answers.push(resultOf(await busy.client.callTool({ name: 'list_sites', arguments: {} })))
  }
  expect(answers.slice(0, -1).every((answer) => !answer.isError)).toBe(true)
  const last = answers.at(-1)!
  expect(last.isError).toBe(true)
  expect(last.text).toContain(`made ${limits.mcpCallsPerConnection.max} calls in the last minute`)
  const other = resultOf(await calm.client.callTool({ name: 'list_sites', arguments: {} }))
  expect(other.isError).toBe(false)
})
