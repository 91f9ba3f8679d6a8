/** Provides the resolved brand set to the whole app. */
import type { BrandSet } from '@ferrite/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { applyBrandToDocument, brandFromDocument, fetchBrand } from './resolveBrand';
import { BrandContext } from './useBrand';

interface BrandProviderProps {
  children: (brand: BrandSet) => ReactNode;
  /** A brand known up front (tests, stories); otherwise the document mark or GET /api/brand decides. */
  brand?: BrandSet;
}

/** Resolves the brand once, applies title and favicon, and renders its children with it. */
export function BrandProvider({ children, brand: given }: BrandProviderProps) {
  const [brand, setBrand] = useState<BrandSet | null>(() => given ?? brandFromDocument());

  useEffect(() => {
    if (brand) return;
    let cancelled = false;
    void fetchBrand().then((fetched) => {
      if (!cancelled) setBrand(fetched);
    });
    return () => {
      cancelled = true;
    };
  }, [brand]);

  useEffect(() => {
    if (brand) applyBrandToDocument(brand);
  }, [brand]);

  // Only vite dev waits here (the server marks the brand in the page), and only for one request.
  if (!brand) return null;
  return <BrandContext.Provider value={brand}>{children(brand)}</BrandContext.Provider>;
}
