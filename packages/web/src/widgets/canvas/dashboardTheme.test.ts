import { DASHBOARD_THEMES } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { canvasLook } from './dashboardTheme';

const dark = DASHBOARD_THEMES.filter((t) => t.id === 'dark' || t.id === 'control-room');

describe('a dark dashboard theme in a light workspace', () => {
  it.each(dark.map((t) => [t.name, t.id]))(
    '%s gives headings and default buttons dark-scheme colours, not near-black on navy',
    (_name, id) => {
      const style = canvasLook(id, 'light').style as Record<string, string>;
      // EmptyState's title and Title are --mantine-color-bright; default buttons use default/-color.
      expect(style['--mantine-color-bright']).toBe('var(--mantine-color-white)');
      expect(style['--mantine-color-default-color']).toBe('var(--mantine-color-white)');
      expect(style['--mantine-color-default']).toBe('var(--mantine-color-dark-6)');
      expect(style['--mantine-color-text']).toBe(dark.find((t) => t.id === id)?.text);
    },
  );

  it('leaves a light theme in a light workspace to Mantine’s own colours', () => {
    const style = canvasLook('default', 'light').style as Record<string, string>;
    expect(style['--mantine-color-bright']).toBeUndefined();
  });
});
