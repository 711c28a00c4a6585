import { createFileRoute } from '@tanstack/react-router'
import { CreateOrganizationForm } from '~/features/organizations/create-organization-form.tsx'

export const Route = createFileRoute('/_authenticated/app/organizations/create')({
  staticData: { crumb: 'Create Organization' },
  head: () => ({ meta: [{ title: 'Create organization — Headmark' }] }),
  component: () => (
    <section className="page-narrow">
      <h1>Create an organization</h1>
      <p className="lead">An organization holds your sites, their pages and your team.</p>
      <CreateOrganizationForm />
    </section>
  ),
})
