// Everything the app's forms import from the server package: the procedures' input schemas and
// the rules behind them. Browser-safe: no node:* modules, no database, mailer or better-auth server.

export {
  AUTH_CODE_FIELDS,
  changeEmailInput,
  changePasswordInput,
  confirmPasswordInput,
  forgotPasswordInput,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  magicLinkInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
  twoFactorCodeInput,
  updateProfileInput,
} from './auth.ts'
export {
  CHANGE_REQUEST_COMMENT_MAX,
  CHANGE_REQUEST_DESCRIPTION_MAX,
  CHANGE_REQUEST_REVIEWERS_MAX,
  CHANGE_REQUEST_TITLE_MAX,
  RELEASE_HORIZON_DAYS,
  commentChangeRequestInput,
  publishingPolicyInput,
  reviewChangeRequestInput,
  scheduleChangeRequestInput,
  updateChangeRequestInput,
} from './change-requests.ts'
export { type ContactInput, contactInputSchema } from './contact.ts'
export {
  IMPORT_HEAD_SOURCES,
  IMPORT_SOURCES,
  IMPORT_UNVERIFIED_MAX,
  IMPORT_URLS_MAX,
  type StartImportInput,
  startImportInput,
  verifyOwnershipInput,
} from './imports.ts'
export { createInvitationInput, roleSchema } from './members.ts'
export { createOrganizationInput, updateOrganizationInput } from './organizations.ts'
export { createPageInput, pagePathFieldSchema, updatePagePathInput } from './pages.ts'
export {
  PATH_PATTERN_MAX,
  PATH_RULES_PER_SITE,
  createPathRuleInput,
  normalizePattern,
  pathPatternSchema,
  renamePathRuleInput,
  updatePathRuleInput,
} from './path-rules.ts'
export { createSiteApiKeyInput } from './site-api-keys.ts'
export { createSiteInput, updateSiteInput, updateSiteLocalesInput } from './sites.ts'
export { createWebhookInput, updateWebhookInput } from './webhooks.ts'
export { type HostnameResult, normalizeHostname } from '../domain/hostnames.ts'
