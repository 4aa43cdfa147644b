// Model-id prefixes that are acronyms (history, tool-output, tool-discovery compression).
const ACRONYMS = new Set(['hcc', 'toc', 'tdc']);

/** `toc_americano_v1` -> `TOC Americano v1`: a display name derived from the id, so new catalog entries get one. */
export function modelLabel(id: string): string {
  return id
    .split('_')
    .map((part) => (ACRONYMS.has(part) ? part.toUpperCase() : /^v\d+$/.test(part) ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join(' ');
}
