import { orpc, type RpcClient } from '~/lib/orpc.ts'

export type SiteHealth = Awaited<ReturnType<RpcClient['health']['getSite']>>
export type DriftedPage = SiteHealth['drifted'][number]
/** One language version of a page as its newest check found it (the page on a site without locales). */
export type PageVersion = Awaited<ReturnType<RpcClient['health']['getPage']>>['versions'][number]

/** A site's health: score, drifted pages and the check log. */
export const siteHealthQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.health.getSite.queryOptions({ input: { organizationSlug, siteHostname } })

export type ChangeSetLiveChecks = Awaited<
  ReturnType<RpcClient['health']['listChangeSetLiveChecks']>
>

/** The live checks an applied change set started (its first paths). */
export const changeSetLiveChecksQuery = (
  organizationSlug: string,
  siteHostname: string,
  changeSetId: string,
) =>
  orpc.health.listChangeSetLiveChecks.queryOptions({
    input: { organizationSlug, siteHostname, changeSetId },
  })
