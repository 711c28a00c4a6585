import { APIError } from 'better-auth/api'

/**
 * better-auth's organization endpoints that change or delete an organization. They would
 * bypass what `organizations.update` and `organizations.delete` guarantee: the slug rules and
 * CONFLICT, the former slugs that keep old addresses working, the typed confirmation, the queued
 * webhook deliveries and the public API's cache. Headmark answers them 404, as if they did not
 * exist; the RPC procedures are the way.
 */
export const ORGANIZATION_SETTINGS_ENDPOINTS: ReadonlySet<string> = new Set([
  '/organization/update',
  '/organization/delete',
])

/** A better-auth `before` hook step: refuses {@link ORGANIZATION_SETTINGS_ENDPOINTS}. */
export function closeOrganizationSettingsEndpoints(ctx: { path: string }): void {
  if (!ORGANIZATION_SETTINGS_ENDPOINTS.has(ctx.path)) return
  throw APIError.from('NOT_FOUND', {
    code: 'NOT_FOUND',
    message:
      'This endpoint is not available: change or delete an organization in its settings (organizations.update, organizations.delete).',
  })
}
