export { type SerpDevice, SerpPreview, type SerpPreviewProps } from './serp-preview.tsx'
