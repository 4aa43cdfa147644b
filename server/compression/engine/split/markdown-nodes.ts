import type { BlockKind, Span } from './segment.js';

/** The mdast node fields the markdown segmentation reads. */
export interface MdNode {
  type: string;
  value?: string;
  url?: string;
  /** Normalised label of a definition or a reference. */
  identifier?: string;
  position?: { start: { offset?: number | undefined }; end: { offset?: number | undefined } } | undefined;
  children?: MdNode[];
}

/** Emphasis, strong and strikethrough spans shorter than this stay one token. */
const MAX_WHOLE_EMPHASIS = 80;

/** Outermost spans inside a paragraph that must stay whole: links, images, code spans, short emphasis. */
export function wholeSpans(node: MdNode, base: number, out: Span[]): Span[] {
  for (const child of node.children ?? []) {
    const span = spanOf(child, base);
    if (!span) continue;
    switch (child.type) {
      case 'link':
      case 'image':
      case 'linkReference':
      case 'imageReference':
      case 'inlineCode':
      case 'html':
      case 'footnoteReference':
        out.push(span);
        break;
      case 'emphasis':
      case 'strong':
      case 'delete':
        if (span.end - span.start < MAX_WHOLE_EMPHASIS) out.push(span);
        else wholeSpans(child, base, out);
        break;
      default:
        wholeSpans(child, base, out);
    }
  }
  return out;
}

export function spanOf(node: MdNode, base: number): Span | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || end <= start) return undefined;
  return { start: start + base, end: end + base };
}

export function kindOf(node: MdNode): BlockKind {
  switch (node.type) {
    case 'heading':
      return 'heading';
    case 'code':
      return 'code';
    case 'html':
      return 'html';
    case 'thematicBreak':
      return 'rule';
    case 'yaml':
    case 'toml':
      return 'frontmatter';
    case 'table':
      return 'table';
    case 'list':
      return 'list';
    case 'blockquote':
      return 'quote';
    default:
      return 'paragraph';
  }
}

/** The text of a node's text and inline-code leaves. */
export function plainText(node: MdNode): string {
  return node.type === 'text' || node.type === 'inlineCode' ? (node.value ?? '') : (node.children ?? []).map(plainText).join('');
}

/** A paragraph of images (badges, possibly linked) and whitespace only. */
export function isBadgeLine(node: MdNode): boolean {
  if (node.type !== 'paragraph') return false;
  let images = 0;
  const onlyImages = (n: MdNode): boolean => {
    if (n.type === 'image' || n.type === 'imageReference') return ++images > 0;
    if (n.type === 'text') return !/\S/u.test(n.value ?? '');
    if (n.type === 'break') return true;
    if (n.type === 'link' || n.type === 'linkReference') return (n.children ?? []).every(onlyImages);
    return false;
  };
  return (node.children ?? []).every(onlyImages) && images > 0;
}

/** A list whose every item is one link to an anchor of the document (`- [Install](#install)`), nested lists included. */
export function isTableOfContents(node: MdNode): boolean {
  if (node.type !== 'list') return false;
  const item = (li: MdNode): boolean =>
    (li.children ?? []).every((c) =>
      c.type === 'list'
        ? (c.children ?? []).every(item)
        : c.type === 'paragraph' && (c.children ?? []).length === 1 && c.children![0]!.type === 'link' && (c.children![0]!.url ?? '').startsWith('#'),
    );
  return (node.children ?? []).length > 0 && (node.children ?? []).every(item);
}
