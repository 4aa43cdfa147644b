import { detectFormat } from './detect-format.js';
import type { FormatCompressor, FormatInput, ToolFormat } from './format-input.js';
import { compressJson } from './json-compressor.js';
import { compressLog } from './log-compressor.js';
import { compressTable } from './table-compressor.js';

const COMPRESSORS: Record<Exclude<ToolFormat, 'text'>, FormatCompressor> = { json: compressJson, log: compressLog, table: compressTable };

/** One tool output compressed by the compressor its detected format calls for; plain text goes to the text engine. */
export function compressToolOutput(input: FormatInput): { output: string; format: ToolFormat } {
  const format = detectFormat(input.text);
  const output = format === 'text' ? input.compressSpan({ start: 0, end: input.text.length }, input.targetTokens) : COMPRESSORS[format](input);
  return { output, format };
}
