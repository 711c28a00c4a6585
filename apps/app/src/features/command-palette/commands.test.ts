import { describe, expect, it } from 'vitest'
import { type PaletteOrganization, paletteCommands } from './commands.ts'

const organizations: PaletteOrganization[] = [
  {
    slug: 'acme',
    name: 'Acme',
    role: 'owner',
    sites: [{ hostname: 'acme.com', name: 'Acme marketing' }],
  },
  {
    slug: 'globex',
    name: 'Globex',
    role: 'member',
    sites: [{ hostname: 'globex.io', name: 'Globex' }],
  },
]

const labels = (commands: ReturnType<typeof paletteCommands>, group: string) =>
  commands.filter((command) => command.group === group).map((command) => command.label)

describe('the command palette’s commands', () => {
  it('offer the screens, every organization and every site; sections of other sites only when searching', () => {
    const idle = paletteCommands({
      organizations,
      docsUrl: 'https://docs.example',
      withAllSections: false,
    })
    expect(labels(idle, 'Go to')).toEqual(['Organizations', 'Account', 'Docs'])
    expect(labels(idle, 'Organizations')).toEqual([
      'Acme',
      'Acme › Change requests',
      'Acme › Members',
      'Acme › Billing',
      'Acme › Audit log',
      'Acme › Settings',
      'Globex',
      'Globex › Change requests',
      'Globex › Members',
      'Globex › Billing',
    ])
    expect(labels(idle, 'Sites')).toEqual(['Acme marketing', 'Globex'])
    expect(labels(idle, 'Site sections')).toEqual([])
    expect(idle.find((command) => command.label === 'Docs')?.target).toEqual({
      kind: 'external',
      href: 'https://docs.example',
    })

    const searching = paletteCommands({ organizations, docsUrl: '/docs', withAllSections: true })
    expect(labels(searching, 'Site sections')).toEqual([
      'Acme marketing › Pages',
      'Acme marketing › Bulk edit',
      'Acme marketing › Rules',
      'Acme marketing › Changes',
      'Acme marketing › Import',
      'Acme marketing › Health',
      'Acme marketing › Change requests',
      'Acme marketing › Spreadsheet',
      'Acme marketing › Webhooks',
      'Acme marketing › Settings',
      // A member does not manage the site's settings.
      'Globex › Pages',
      'Globex › Bulk edit',
      'Globex › Rules',
      'Globex › Changes',
      'Globex › Import',
      'Globex › Health',
      'Globex › Change requests',
      'Globex › Spreadsheet',
      'Globex › Webhooks',
    ])
    const webhooks = searching.find((command) => command.label === 'Acme marketing › Webhooks')
    expect(webhooks?.target).toEqual({
      kind: 'route',
      to: '/app/organizations/$organizationSlug/sites/$siteHostname/webhooks',
      params: { organizationSlug: 'acme', siteHostname: 'acme.com' },
    })
  })

  it('put the sections of the site on screen first', () => {
    const commands = paletteCommands({
      organizations,
      current: { organizationSlug: 'acme', siteHostname: 'acme.com' },
      docsUrl: '/docs',
      withAllSections: false,
    })
    expect(labels(commands, 'This site')).toEqual([
      'Pages',
      'Bulk edit',
      'Rules',
      'Changes',
      'Import',
      'Health',
      'Change requests',
      'Spreadsheet',
      'Webhooks',
      'Settings',
    ])
    expect(new Set(commands.map((command) => command.value)).size).toBe(commands.length)
  })
})
