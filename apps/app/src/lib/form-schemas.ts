import { lazySchema } from './use-schema-form.ts'

// The signed-in screens' forms check what their procedure will with the procedure's own input
// schema, loaded once the screen is usable (see `lazySchema`): the validation library is not part
// of any signed-in screen's first load.
const shared = () => import('@headmark/api/shared/forms')

export const formSchemas = {
  changeEmailInput: lazySchema(() => shared().then((m) => m.changeEmailInput)),
  changePasswordInput: lazySchema(() => shared().then((m) => m.changePasswordInput)),
  confirmPasswordInput: lazySchema(() => shared().then((m) => m.confirmPasswordInput)),
  createInvitationInput: lazySchema(() => shared().then((m) => m.createInvitationInput)),
  createOrganizationInput: lazySchema(() => shared().then((m) => m.createOrganizationInput)),
  createPathRuleInput: lazySchema(() => shared().then((m) => m.createPathRuleInput)),
  createSiteApiKeyInput: lazySchema(() => shared().then((m) => m.createSiteApiKeyInput)),
  createSiteInput: lazySchema(() => shared().then((m) => m.createSiteInput)),
  createWebhookInput: lazySchema(() => shared().then((m) => m.createWebhookInput)),
  startImportInput: lazySchema(() => shared().then((m) => m.startImportInput)),
  twoFactorCodeInput: lazySchema(() => shared().then((m) => m.twoFactorCodeInput)),
  updateOrganizationInput: lazySchema(() => shared().then((m) => m.updateOrganizationInput)),
  updateProfileInput: lazySchema(() => shared().then((m) => m.updateProfileInput)),
  updateSiteInput: lazySchema(() => shared().then((m) => m.updateSiteInput)),
  updateWebhookInput: lazySchema(() => shared().then((m) => m.updateWebhookInput)),
  /** A new page: the path as the editor takes it (a leading slash is added). */
  newPageForm: lazySchema(() =>
    shared().then((m) => m.createPageInput.extend({ path: m.pagePathFieldSchema })),
  ),
  /** A page's new path, taken as a new page's. */
  changePathForm: lazySchema(() =>
    shared().then((m) => m.updatePagePathInput.extend({ path: m.pagePathFieldSchema })),
  ),
}
