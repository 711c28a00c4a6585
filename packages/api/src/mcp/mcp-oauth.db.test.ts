import { describe, expect, test } from 'vitest'
import { connectAgent, resultOf } from '../../test/agents.ts'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'

const server = useTestServer()

describe('connecting an agent through OAuth', () => {
  test('a person connects an MCP client: discovery, registration, consent, PKCE token, tools', async () => {
    const cast = await siteCast(server.current)
    const { client } = await connectAgent(server.current, cast.owner, {
      organizationId: cast.organization.id,
    })
    const tools = await client.listTools()
    expect(tools.tools.map((tool) => tool.name).sort()).toEqual([
      'get_drift_result',
      'get_import_state',
      'get_page',
      'lint_metadata',
      'list_pages',
      'list_sites',
      'preview_page',
      'propose_changes',
      'run_drift_check',
    ])
    const sites = resultOf(await client.callTool({ name: 'list_sites', arguments: {} }))
    expect(sites.isError).toBe(false)
    expect(sites.json).toMatchObject({ sites: [{ hostname: 'acme.com' }] })
    expect(sites.text).not.toContain('globex')
    await client.close()
  })
})
