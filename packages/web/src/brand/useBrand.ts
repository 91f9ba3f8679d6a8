/** The brand set of this host (spec §1 white-labelling). */
import { type BrandSet, PRIMARY_BRAND } from '@ferrite/contracts';
import { createContext, useContext } from 'react';

export const BrandContext = createContext<BrandSet>(PRIMARY_BRAND);

/** The brand set the page is wearing: name, title, logo, carousel, copyright, tag words… */
export function useBrand(): BrandSet {
  return useContext(BrandContext);
}
