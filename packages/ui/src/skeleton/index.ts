export { ListSkeleton, type ListSkeletonProps } from './list-skeleton.tsx'
export { Skeleton, type SkeletonProps } from './skeleton.tsx'
