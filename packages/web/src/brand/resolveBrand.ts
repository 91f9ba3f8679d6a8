/** Which brand set this page wears (spec §1): the server's data-brand mark, else GET /api/brand. */
import { type BrandSet, PRIMARY_BRAND, SECONDARY_BRAND } from '@ferrite/contracts';

const BY_ID: Record<BrandSet['id'], BrandSet> = { primary: PRIMARY_BRAND, secondary: SECONDARY_BRAND };

/** The brand the server marked on <html data-brand>, or null when the page was not served by it (vite dev). */
export function brandFromDocument(doc: Document = document): BrandSet | null {
  const id = doc.documentElement.dataset.brand;
  return id === 'primary' || id === 'secondary' ? BY_ID[id] : null;
}

/** Asks the server for the host's brand; an unreachable server leaves the first brand. */
export async function fetchBrand(): Promise<BrandSet> {
  try {
    const response = await fetch('/api/brand');
    if (!response.ok) return PRIMARY_BRAND;
    const body = (await response.json()) as Partial<BrandSet>;
    const base = body.id === 'secondary' ? SECONDARY_BRAND : PRIMARY_BRAND;
    // Contract fields the server leaves out fall back to the shared brand set.
    return { ...base, ...body, id: base.id };
  } catch {
    return PRIMARY_BRAND;
  }
}

/** The brand's favicon: its folder holds favicon.svg beside logo.svg. */
export function faviconOf(brand: BrandSet): string {
  return brand.logo.replace(/[^/]+$/, 'favicon.svg');
}

/** Applies the brand to the document: title, favicon and the data-brand mark. */
export function applyBrandToDocument(brand: BrandSet, doc: Document = document) {
  doc.title = brand.title;
  doc.documentElement.dataset.brand = brand.id;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  icon.type = 'image/svg+xml';
  icon.href = faviconOf(brand);
}
