/** Test-only entry bundled for Chromium by raster.test.ts: the export functions on window. */
import { findWidgetVariant, resolveWidgetConfig } from '@ferrite/contracts';
import { sampleWidgetData } from '../sampleData';
import { type ExportFormat, exportWidget } from './exportWidget';

async function exportAs(variantId: string, format: ExportFormat, title: string): Promise<string> {
  const variant = findWidgetVariant(variantId);
  if (!variant) throw new Error(`No variant ${variantId}`);
  const config = resolveWidgetConfig(variant, { title });
  const file = await exportWidget(
    { variant, config, data: sampleWidgetData(variant, config), theme: 'light', width: 640, height: 320 },
    format,
  );
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

(window as unknown as { widgetExport: typeof exportAs }).widgetExport = exportAs;
