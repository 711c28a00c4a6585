import { describe, expect, it } from 'vitest'
import { isOnboardingPath, isPlanSuccessPath, validateInstallSearch } from './guards.ts'

describe('which paths are the onboarding (where an organization without a plan may go)', () => {
  it.each([
    ['/app/organizations/acme/onboarding', true],
    ['/app/organizations/acme/onboarding/', true],
    ['/app/organizations/acme/onboarding/plan', true],
    ['/app/organizations/acme/onboarding/plan/success', true],
    ['/app/organizations/acme/onboarding/install', true],
    ['/app/organizations/acme', false],
    ['/app/organizations/acme/', false],
    ['/app/organizations/acme/sites/new', false],
    ['/app/organizations/acme/onboarding-notes', false],
    ['/app/organizations/acme/sites/onboarding/plan', false],
    ['/app/organizations/acme-2/onboarding/plan', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isOnboardingPath(pathname, 'acme')).toBe(expected)
  })
})

describe('the plan success page (a checkout returns there, with or without a plan yet)', () => {
  it.each([
    ['/app/organizations/acme/onboarding/plan/success', true],
    ['/app/organizations/acme/onboarding/plan/success/', true],
    ['/app/organizations/acme/onboarding/plan', false],
    ['/app/organizations/acme/onboarding/plan/successful', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isPlanSuccessPath(pathname)).toBe(expected)
  })
})

describe('the install step’s search params', () => {
  it.each([
    [{ siteHostname: 'acme.com' }, { siteHostname: 'acme.com' }],
    [{ siteHostname: ' acme.com ' }, { siteHostname: 'acme.com' }],
    [{ siteHostname: '' }, {}],
    [{ siteHostname: '   ' }, {}],
    [{ siteHostname: 42 }, {}],
    [{ siteHostname: ['acme.com'] }, {}],
    [{}, {}],
  ])('%j → %j', (search, expected) => {
    expect(validateInstallSearch(search)).toEqual(expected)
  })
})
