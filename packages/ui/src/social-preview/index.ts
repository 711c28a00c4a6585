export { PreviewImage, type PreviewImageProps } from './preview-image.tsx'
export {
  SOCIAL_NETWORKS,
  type SocialNetwork,
  SocialPreview,
  type SocialPreviewProps,
} from './social-preview.tsx'
