import type { LinkProps } from '@tanstack/react-router'
import { organizationNavItems } from '~/features/organizations/organization-nav.tsx'
import type { Organization } from '~/features/organizations/queries.ts'
import { siteNavItems } from '~/features/sites/site-nav.tsx'

/** Where a command goes: a screen of the app (with its params), or an address outside it. */
export type CommandTarget =
  | { kind: 'route'; to: NonNullable<LinkProps['to']>; params?: Record<string, string> }
  | { kind: 'external'; href: string }

/** One entry of the palette. `value` is unique and what the fuzzy search matches, with `keywords`. */
export interface PaletteCommand {
  value: string
  label: string
  /** Shown after the label, muted: the organization of a site, the site of a section. */
  detail?: string
  keywords: string[]
  group: 'Go to' | 'This site' | 'Organizations' | 'Sites' | 'Site sections'
  target: CommandTarget
}

export interface PaletteOrganization {
  slug: string
  name: string
  role: Organization['role']
  sites: Array<{ hostname: string; name: string }>
}

const SITE = '/app/organizations/$organizationSlug/sites/$siteHostname'

/** A site's sections the role may open: the site's tabs, with the table of pages after Pages. */
function siteSections(role: Organization['role']) {
  const [pages, ...rest] = siteNavItems(role !== 'member')
  return [
    ...(pages ? [{ ...pages, keywords: ['overview', 'pages', 'paths'] }] : []),
    {
      label: 'Bulk edit',
      to: `${SITE}/bulk` as const,
      keywords: ['table', 'bulk', 'find replace'],
    },
    ...rest.map((item) => ({
      ...item,
      keywords: item.to.endsWith('/transfer')
        ? ['spreadsheet', 'csv', 'import', 'export', 'transfer']
        : item.to.endsWith('/edit')
          ? ['settings', 'edit site']
          : [item.label.toLowerCase()],
    })),
  ]
}

/**
 * Everything the palette offers the signed-in person: the app's screens, each organization
 * (and its tabs the role may open), each site, and each site's sections. The sections of the
 * site on screen (`current`) come first; those of other sites are for searching
 * (`withAllSections`), so that an empty search stays a short list.
 */
export function paletteCommands({
  organizations,
  current,
  docsUrl,
  withAllSections,
}: {
  organizations: PaletteOrganization[]
  current?: { organizationSlug: string; siteHostname: string } | undefined
  docsUrl: string
  withAllSections: boolean
}): PaletteCommand[] {
  const commands: PaletteCommand[] = [
    {
      value: 'screen:organizations',
      label: 'Organizations',
      keywords: ['dashboard', 'home', 'organizations'],
      group: 'Go to',
      target: { kind: 'route', to: '/app/organizations' },
    },
    {
      value: 'screen:account',
      label: 'Account',
      keywords: ['profile', 'password', 'two-factor', '2fa', 'passkeys', 'sessions'],
      group: 'Go to',
      target: { kind: 'route', to: '/app/account' },
    },
    {
      value: 'screen:docs',
      label: 'Docs',
      detail: 'opens in a new tab',
      keywords: ['documentation', 'help', 'guide'],
      group: 'Go to',
      target: { kind: 'external', href: docsUrl },
    },
  ]
  const currentOrganization = organizations.find(
    (organization) => organization.slug === current?.organizationSlug,
  )
  if (current && currentOrganization) {
    for (const section of siteSections(currentOrganization.role)) {
      commands.push({
        value: `this-site:${section.label}`,
        label: section.label,
        detail: current.siteHostname,
        keywords: section.keywords,
        group: 'This site',
        target: { kind: 'route', to: section.to, params: current },
      })
    }
  }
  for (const organization of organizations) {
    const params = { organizationSlug: organization.slug }
    for (const tab of organizationNavItems(organization.role)) {
      const home = tab.label === 'Sites'
      commands.push({
        value: `organization:${organization.slug}:${tab.label}`,
        label: home ? organization.name : `${organization.name} › ${tab.label}`,
        detail: home ? organization.slug : undefined,
        keywords: [organization.slug, tab.label.toLowerCase()],
        group: 'Organizations',
        target: { kind: 'route', to: tab.to, params },
      })
    }
  }
  for (const organization of organizations) {
    for (const site of organization.sites) {
      const params = { organizationSlug: organization.slug, siteHostname: site.hostname }
      commands.push({
        value: `site:${organization.slug}:${site.hostname}`,
        label: site.name,
        detail: `${site.hostname} · ${organization.name}`,
        keywords: [site.hostname, organization.name, organization.slug],
        group: 'Sites',
        target: { kind: 'route', to: SITE, params },
      })
      if (!withAllSections) continue
      for (const section of siteSections(organization.role)) {
        commands.push({
          value: `section:${organization.slug}:${site.hostname}:${section.label}`,
          label: `${site.name} › ${section.label}`,
          detail: site.hostname,
          keywords: [site.hostname, ...section.keywords],
          group: 'Site sections',
          target: { kind: 'route', to: section.to, params },
        })
      }
    }
  }
  return commands
}
