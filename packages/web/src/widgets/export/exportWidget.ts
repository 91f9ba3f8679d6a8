/**
 * Export any widget (spec §9: PNG, JPEG, PDF, SVG, CSV, XLS) and print it. Pictures are drawn off screen
 * from the kind's ECharts option at the size asked for, so an export does not depend on what is on
 * screen; CSV and XLS hold the series after the custom formula.
 *
 *   const file = await exportWidget({ variant, config, data, theme: 'light', width: 800, height: 400 }, 'PNG');
 *   downloadFile(file);                                    // or: await downloadWidget(input, 'XLS')
 */
import type { CHART_EXPORT_FORMATS, WidgetConfig, WidgetData, WidgetVariant } from '@ferrite/contracts';
import { prepareSeries } from '../data/prepare';
import { widgetDefinition } from '../registry';
import type { ChartContext, LiveValues, WidgetTheme } from '../types';
import { toCsv } from './csv';
import { dataUrlBytes, EXPORT_TITLE_HEIGHT, type PictureInput, renderRaster, renderSvg } from './image';
import { jpegToPdf } from './pdf';
import { exportRows } from './rows';
import { toXlsx } from './xlsx';

export type ExportFormat = (typeof CHART_EXPORT_FORMATS)[number];

export interface WidgetExportInput {
  variant: WidgetVariant;
  config: WidgetConfig;
  data: WidgetData | undefined;
  live?: LiveValues;
  theme: WidgetTheme;
  /** Picture size in CSS pixels (the widget's size on screen is a good choice). */
  width: number;
  height: number;
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
  mime: string;
}

const MIME: Record<ExportFormat, string> = {
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  PDF: 'application/pdf',
  SVG: 'image/svg+xml',
  CSV: 'text/csv;charset=utf-8',
  XLS: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const EXTENSION: Record<ExportFormat, string> = {
  PNG: 'png',
  JPEG: 'jpg',
  PDF: 'pdf',
  SVG: 'svg',
  CSV: 'csv',
  XLS: 'xlsx',
};

/** A file name from the widget's title (or variant name) and the date. */
export function exportFilename(
  input: Pick<WidgetExportInput, 'config' | 'variant'>,
  format: ExportFormat,
  now = new Date(),
): string {
  const base =
    (input.config.title || input.variant.name)
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'widget';
  return `${base}-${now.toISOString().slice(0, 10)}.${EXTENSION[format]}`;
}

/** The drawing context of an export: the picture less its title band. */
export function exportContext(input: WidgetExportInput): ChartContext {
  const band = input.config.show_title && input.config.title ? EXPORT_TITLE_HEIGHT : 0;
  return {
    variant: input.variant,
    config: input.config,
    series: prepareSeries(input.config, input.data, input.live),
    theme: input.theme,
    width: input.width,
    height: Math.max(1, input.height - band),
  };
}

function pictureInput(input: WidgetExportInput): PictureInput {
  const ctx = exportContext(input);
  return {
    option: widgetDefinition(input.variant.kind).toOption(ctx),
    config: input.config,
    theme: input.theme,
    width: input.width,
    height: input.height,
  };
}

/** The widget in one of the six formats. */
export async function exportWidget(input: WidgetExportInput, format: ExportFormat): Promise<ExportedFile> {
  const filename = exportFilename(input, format);
  const file = (part: BlobPart): ExportedFile => ({
    blob: new Blob([part], { type: MIME[format] }),
    filename,
    mime: MIME[format],
  });
  switch (format) {
    case 'CSV':
      return file(toCsv(exportRows(exportContext(input))));
    case 'XLS':
      return file(
        (await toXlsx(
          exportRows(exportContext(input)),
          input.config.title || input.variant.name,
        )) as Uint8Array<ArrayBuffer>,
      );
    case 'SVG':
      return file(renderSvg(pictureInput(input)));
    case 'PNG':
    case 'JPEG':
      return file(
        dataUrlBytes(
          await renderRaster(pictureInput(input), format === 'PNG' ? 'png' : 'jpeg'),
        ) as Uint8Array<ArrayBuffer>,
      );
    case 'PDF': {
      const jpeg = dataUrlBytes(await renderRaster(pictureInput(input), 'jpeg'));
      return file(
        jpegToPdf(
          jpeg,
          input.width,
          input.height,
          input.config.title || input.variant.name,
        ) as Uint8Array<ArrayBuffer>,
      );
    }
  }
}

/** Saves a file through a temporary link. */
export function downloadFile({ blob, filename }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Exports and saves in one go. */
export async function downloadWidget(input: WidgetExportInput, format: ExportFormat): Promise<void> {
  downloadFile(await exportWidget(input, format));
}

/**
 * Prints the widget: a print window holding only its SVG picture (light, whatever the screen theme),
 * which prints itself and closes. Returns false when a pop-up blocker refused the window.
 */
export function printWidget(input: WidgetExportInput): boolean {
  const svg = renderSvg(pictureInput({ ...input, theme: 'light' }));
  const win = window.open('', '_blank', 'noopener=no,width=900,height=700');
  if (!win) return false;
  const title = (input.config.title || input.variant.name).replace(/[<>&]/g, '');
  win.document.write(
    `<!doctype html><html><head><title>${title}</title><style>@page{margin:12mm}body{margin:0;display:flex;justify-content:center}svg{max-width:100%;height:auto}</style></head><body>${svg}</body></html>`,
  );
  win.document.close();
  win.addEventListener('afterprint', () => win.close());
  win.focus();
  win.print();
  return true;
}
