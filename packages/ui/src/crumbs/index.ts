export { type CrumbItem, Crumbs, type CrumbsProps, collapseCrumbs } from './crumbs.tsx'
