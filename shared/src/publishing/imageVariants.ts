// How an uploaded photo and its narrower copies are named in Storage: the publish function's
// contract (supabase/functions/_shared/imageVariants.ts), so the editor stores what it will read.
export {
  fitWithin,
  IMAGE_MAIN_BUDGET_BYTES,
  IMAGE_MAX_SIDE,
  IMAGE_VARIANT_WIDTHS,
  imageFileName,
  imageMimeType,
  imageSize,
  imageSrcset,
  storedImage,
  storedImageFile,
  storedImageFor,
  storedImageFromPath,
  variantSizes,
  type ImageFormat,
  type ImageSize,
  type StoredImage,
  type StoredImageFile,
} from '../../../supabase/functions/_shared/imageVariants';
