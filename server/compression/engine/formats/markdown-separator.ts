/** Whether a line is a markdown table's separator row (`|---|:--:|`): pipes, dashes, colons and spaces, with `---` and a pipe. */
export function isMarkdownSeparator(line: string): boolean {
  return line.includes('|') && line.includes('---') && /^[\s|:-]+$/u.test(line);
}
