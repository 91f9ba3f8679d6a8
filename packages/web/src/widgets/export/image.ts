/**
 * Pictures of a widget: its ECharts option (charts, or the snapshot drawing of HTML widgets) rendered
 * off screen, with the title above it. SVG comes from ECharts' SVG renderer (server-side mode, so it
 * needs no layout); PNG and JPEG from its canvas renderer, composed with the title on one canvas.
 */
import type { WidgetConfig } from '@ferrite/contracts';
import { type EChartsOption, echarts } from '../echarts';
import { echartsThemeName, themedTextStyle, WIDGET_COLORS } from '../theme';
import type { WidgetTheme } from '../types';

export interface PictureInput {
  option: EChartsOption;
  config: WidgetConfig;
  theme: WidgetTheme;
  width: number;
  height: number;
}

/** Height of the title band in exported pictures. */
export const EXPORT_TITLE_HEIGHT = 32;

function titleBand(config: WidgetConfig): number {
  return config.show_title && config.title ? EXPORT_TITLE_HEIGHT : 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The widget as an SVG document (title as text, the drawing below it). */
export function renderSvg({ option, config, theme, width, height }: PictureInput): string {
  const band = titleBand(config);
  const chart = echarts.init(null, echartsThemeName(theme), {
    renderer: 'svg',
    ssr: true,
    width,
    height: Math.max(1, height - band),
  });
  try {
    chart.setOption({ ...option, animation: false });
    const inner = chart.renderToSVGString();
    const style = themedTextStyle(config.title_settings, theme);
    const anchor = style.textAlign === 'center' ? 'middle' : style.textAlign === 'right' ? 'end' : 'start';
    const x = anchor === 'middle' ? width / 2 : anchor === 'end' ? width - 10 : 10;
    const background = WIDGET_COLORS[theme].surface;
    const title = band
      ? `<text x="${x}" y="${band / 2 + 5}" text-anchor="${anchor}" fill="${escapeXml(style.color)}" font-size="${escapeXml(style.fontSize)}" font-weight="${style.fontWeight}" font-style="${style.fontStyle}" text-decoration="${style.textDecoration}" font-family="Inter, system-ui, sans-serif">${escapeXml(config.title)}</text>`
      : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${background}"/>${title}<g transform="translate(0 ${band})">${inner.replace(/^<\?xml[^>]*>/, '')}</g></svg>`;
  } finally {
    chart.dispose();
  }
}

/** The widget as a PNG or JPEG data URL (canvas; browsers only). */
export async function renderRaster(
  input: PictureInput,
  type: 'png' | 'jpeg',
  pixelRatio = 2,
): Promise<string> {
  const { option, config, theme, width, height } = input;
  const band = titleBand(config);
  const host = document.createElement('div');
  const chart = echarts.init(host, echartsThemeName(theme), {
    renderer: 'canvas',
    width,
    height: Math.max(1, height - band),
    devicePixelRatio: pixelRatio,
  });
  try {
    chart.setOption({ ...option, animation: false });
    await waitForImages(option);
    const drawing = chart.getRenderedCanvas({ pixelRatio, backgroundColor: 'transparent' });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * pixelRatio);
    canvas.height = Math.round(height * pixelRatio);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser cannot draw pictures');
    ctx.scale(pixelRatio, pixelRatio);
    ctx.fillStyle = WIDGET_COLORS[theme].surface;
    ctx.fillRect(0, 0, width, height);
    if (band) {
      const style = themedTextStyle(config.title_settings, theme);
      ctx.fillStyle = style.color;
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} Inter, system-ui, sans-serif`;
      ctx.textBaseline = 'middle';
      ctx.textAlign = style.textAlign;
      const x = style.textAlign === 'center' ? width / 2 : style.textAlign === 'right' ? width - 10 : 10;
      ctx.fillText(config.title, x, band / 2);
    }
    ctx.drawImage(drawing, 0, band, width, height - band);
    return canvas.toDataURL(type === 'png' ? 'image/png' : 'image/jpeg', 0.92);
  } finally {
    chart.dispose();
  }
}

/** Image elements of a snapshot load asynchronously; give them a moment so the picture holds them. */
async function waitForImages(option: EChartsOption): Promise<void> {
  const graphics = (option as { graphic?: Array<{ type?: string; style?: { image?: unknown } }> }).graphic;
  const urls = (graphics ?? [])
    .filter((g) => g.type === 'image' && typeof g.style?.image === 'string')
    .map((g) => g.style!.image as string);
  await Promise.all(
    urls.map(
      (url) =>
        new Promise<void>((resolve) => {
          const img = new Image();
          img.onload = () => resolve();
          img.onerror = () => resolve();
          img.src = url;
          setTimeout(resolve, 2000);
        }),
    ),
  );
}

/** The bytes of a base64 data URL. */
export function dataUrlBytes(url: string): Uint8Array {
  const comma = url.indexOf(',');
  const binary = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
