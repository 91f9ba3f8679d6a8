/** White-label brand: provider, hook, logo and login carousel. */
export { BrandLogo } from './BrandLogo';
export { BrandProvider } from './BrandProvider';
export { LoginCarousel } from './LoginCarousel';
export { applyBrandToDocument, brandFromDocument, faviconOf, fetchBrand } from './resolveBrand';
export { useBrand } from './useBrand';
