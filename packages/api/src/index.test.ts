import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

describe('@headmark/api entry point', () => {
  it('imports without opening a database or reading the environment', () => {
    // (The environment is handed over: no DATABASE_URL, no secret, and still nothing connects.)
    // A separate Node process, as the app's server bundle would load it: nothing may connect.
    const script = `
      const api = await import('./src/index.ts')
      const registry = globalThis[Symbol.for('headmark.api.database-connections')]
      console.log(JSON.stringify({
        procedures: Object.keys(api.router),
        connections: registry ? registry.connections.size : 0,
        exports: Object.keys(api).sort(),
      }))
    `
    const output = execFileSync(
      process.execPath,
      ['--conditions=source', '--input-type=module', '-e', script],
      { cwd: new URL('..', import.meta.url), env: { PATH: process.env.PATH }, encoding: 'utf8' },
    )
    expect(JSON.parse(output)).toEqual({
      procedures: [
        'auth',
        'invitations',
        'members',
        'organizations',
        'sites',
        'pages',
        'metadataRevisions',
        'webhooks',
        'webhookCalls',
        'siteApiKeys',
        'discoveredPaths',
        'pathRules',
        'billing',
        'transfer',
        'bulkPages',
        'changeSets',
        'changeRequests',
        'imports',
        'auditLog',
        'agents',
        'health',
      ],
      connections: 0,
      exports: [
        'AUDIT_EXPORT_PREFIX',
        'EXPORT_PREFIX',
        'RPC_PREFIX',
        'consumeLimit',
        'contactRecipient',
        'createHeadmark',
        'createInProcessClient',
        'createOperations',
        'limits',
        'loadServerEnv',
        'router',
        'sendContactMessage',
      ],
    })
  })
})
