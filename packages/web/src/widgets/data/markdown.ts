/**
 * The text widget's small markdown subset, parsed into a tree (never HTML): # and ## headings, - list
 * items, paragraphs, **bold**, *italic*, [label](https://…) links and the {value} placeholder. Anything
 * else, angle brackets included, stays literal text, so a widget's text cannot inject markup or script.
 */

export type Inline = { type: 'text' | 'bold' | 'italic'; text: string } | { type: 'link'; text: string; href: string };
export type Block =
  | { type: 'heading'; level: 1 | 2; inlines: Inline[] }
  | { type: 'paragraph'; inlines: Inline[] }
  | { type: 'list'; items: Inline[][] };

const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Links only to http(s) and same-origin paths. */
function safeHref(href: string): string | null {
  return /^(https?:\/\/|\/(?!\/))/i.test(href) ? href : null;
}

/** Inline runs of one line. */
export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) out.push({ type: 'text', text: line.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ type: 'bold', text: match[1] });
    else if (match[2] !== undefined) out.push({ type: 'italic', text: match[2] });
    else {
      const href = safeHref(match[4] ?? '');
      out.push(href ? { type: 'link', text: match[3] ?? '', href } : { type: 'text', text: match[0] });
    }
    last = match.index + match[0].length;
  }
  if (last < line.length) out.push({ type: 'text', text: line.slice(last) });
  return out;
}

/** Blocks of a text, with {value} replaced first. */
export function parseMarkdown(source: string, value = ''): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', inlines: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of source.replaceAll('{value}', value).split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,2})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1]!.length as 1 | 2, inlines: parseInline(heading[2] ?? '') });
    } else if (/^[-*]\s+/.test(line)) {
      flush();
      const item = parseInline(line.replace(/^[-*]\s+/, ''));
      const previous = blocks[blocks.length - 1];
      if (previous?.type === 'list') previous.items.push(item);
      else blocks.push({ type: 'list', items: [item] });
    } else if (line === '') {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** The text without markup, one line per block (for image exports and CSV). */
export function markdownToPlainLines(blocks: readonly Block[]): string[] {
  const text = (inlines: readonly Inline[]) => inlines.map((i) => i.text).join('');
  return blocks.flatMap((b) => (b.type === 'list' ? b.items.map((item) => `• ${text(item)}`) : [text(b.inlines)]));
}
