import { PRIMARY_BRAND, SECONDARY_BRAND } from '@ferrite/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyBrandToDocument, brandFromDocument, faviconOf, fetchBrand } from './resolveBrand';

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.brand;
});

describe('brand resolution', () => {
  it('reads the brand the server marked on <html data-brand>', () => {
    document.documentElement.dataset.brand = 'secondary';
    expect(brandFromDocument()).toBe(SECONDARY_BRAND);
    document.documentElement.dataset.brand = 'primary';
    expect(brandFromDocument()).toBe(PRIMARY_BRAND);
  });

  it('has no answer without the mark (vite dev), so GET /api/brand decides', async () => {
    expect(brandFromDocument()).toBeNull();
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify(SECONDARY_BRAND), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchBrand()).toEqual(SECONDARY_BRAND);
    expect(fetchMock).toHaveBeenCalledWith('/api/brand');
  });

  it('falls back to the first brand when the server cannot say', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await fetchBrand()).toBe(PRIMARY_BRAND);
  });

  it('applies title, favicon and mark to the document', () => {
    applyBrandToDocument(SECONDARY_BRAND);
    expect(document.title).toBe(SECONDARY_BRAND.title);
    expect(document.documentElement.dataset.brand).toBe('secondary');
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/brand/lodestone/favicon.svg',
    );
    expect(faviconOf(PRIMARY_BRAND)).toBe('/brand/ferrite/favicon.svg');
  });
});
